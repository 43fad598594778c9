import { useLayoutEffect } from 'react';
import { removeShell } from './shell';
import { DisplayButton } from '../display';
import { useTranslation } from '../../i18n/react';
import { errorMessageKey, type ErrorViewProps } from './errorStatus';

/** The generic error view: a message by status code (spec section 8, enumerations.errorMessages). Loaded by ./ErrorView.tsx when an error shows. */
export default function ErrorMessage({ status, onBack, backLabel, children, belowHeader = false }: ErrorViewProps) {
  const { t } = useTranslation('viewer');
  const key = errorMessageKey(status);
  useLayoutEffect(removeShell, []);
  return (
    <>
      {belowHeader ? null : (
        // No header: the Display button alone, where the header's would be.
        <div className="flex justify-end px-3 py-2 sm:px-4">
          <DisplayButton />
        </div>
      )}
      <main className="container-content flex min-h-[60vh] flex-col items-center justify-center gap-4 py-16 text-center" data-testid="error-view">
        <p className="text-6xl font-bold text-primary-600" aria-hidden>
          {status}
        </p>
        <h1 className="text-2xl font-semibold">{t(`errors.enumerations.errorMessages.${key}`)}</h1>
        <p className="text-sm text-gray-500">{t('errors.status', { status })}</p>
        {onBack ? (
          <button type="button" onClick={onBack} className="rounded-md bg-primary-600 px-4 py-2 text-white hover:bg-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600">
            {backLabel ?? t('nav.back')}
          </button>
        ) : null}
        {children}
      </main>
    </>
  );
}
