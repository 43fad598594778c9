import type { SnapshotFrom } from 'xstate';
import type { publicationWatchMachine } from '../../machines/publicationWatch';
import { useTranslation } from '../../i18n/react';
import { addPublicationTexts } from '../../i18n/resources/publication';
import { Button } from '../ui/Button';
import { Icon } from '../../paint/Icon';
import { withTooltip } from '../ui/withTooltip';

/** What the notice shows: nothing, the offer, the offer with unsaved work, or a reload under way. */
export type NoticeState = 'none' | 'offered' | 'workUnsaved' | 'saving';

/** The notice's state for a snapshot of the publication watch. */
export function noticeStateOf(snapshot: SnapshotFrom<typeof publicationWatchMachine>): NoticeState {
  if (snapshot.matches({ noticed: 'workUnsaved' })) return 'workUnsaved';
  if (snapshot.matches('noticed')) return 'offered';
  if (snapshot.matches('saving') || snapshot.matches('reloading')) return 'saving';
  return 'none';
}

type Props = { state: NoticeState; onReload: () => void; onDismiss: () => void };

/**
 * "This material has been updated." with Reload and Close (issue 24): not modal, at the top of the window
 * (clear of the footer navigation and the toasts at the bottom). Its message is a polite live region that is always in the
 * page (empty while nothing is to say), so screen readers announce it when it fills; its buttons are in the
 * tab order. While the reload waits for the learner's work the buttons are disabled.
 */
export function PublicationNotice({ state, onReload, onDismiss }: Props) {
  const { t, i18n } = useTranslation('publication');
  addPublicationTexts(i18n);
  const shown = state !== 'none';
  return (
    <div
      data-testid="publication-notice"
      data-state={state}
      className={shown ? 'fixed top-4 left-1/2 z-50 flex w-[min(500px,calc(100vw-2rem))] -translate-x-1/2 items-start gap-3 rounded-lg border border-primary-200 bg-white px-4 py-3 text-gray-900 shadow-lg print:hidden' : undefined}
    >
      <div className="min-w-0 flex-1">
        <p role="status" className="font-semibold">
          {shown ? t('updated') : null}
          {state === 'workUnsaved' ? <span className="mt-1 block text-sm font-normal text-red-800">{t('unsaved')}</span> : null}
        </p>
        {shown ? (
          <Button variant="primary" className="mt-2" onPress={onReload} isDisabled={state === 'saving'}>
            {t('reload')}
          </Button>
        ) : null}
      </div>
      {shown ? (
        <Button variant="icon" aria-label={t('dismiss')} {...withTooltip} onPress={onDismiss} isDisabled={state === 'saving'}>
          <Icon name="close" className="size-4" />
        </Button>
      ) : null}
    </div>
  );
}
