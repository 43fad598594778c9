import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/react';
import { errorMessageKey, type ErrorViewProps } from './errorStatus';

/** The view's message alone, where its code could not be fetched (offline before the service worker kept it). */
function PlainErrorMessage({ status }: ErrorViewProps) {
  const { t } = useTranslation('viewer');
  return (
    <main className="p-8 text-center" data-testid="error-view">
      <h1 className="text-2xl font-semibold">{t(`errors.enumerations.errorMessages.${errorMessageKey(status)}`)}</h1>
      <p>{t('errors.status', { status })}</p>
    </main>
  );
}

const ErrorMessage = lazy(() => import('./ErrorMessage').catch(() => ({ default: PlainErrorMessage })));

/**
 * The generic error view (./ErrorMessage.tsx), a chunk of its own: most visits never show it, so the
 * first route goes without it. The service worker keeps every chunk, so it shows offline too; before
 * it has, the message shows plain.
 */
export function ErrorView(props: ErrorViewProps) {
  return (
    <Suspense fallback={null}>
      <ErrorMessage {...props} />
    </Suspense>
  );
}
