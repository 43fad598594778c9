import { useRef } from 'react';
import { Button } from 'react-aria-components/Button';
import { Text } from 'react-aria-components/Text';
import { UNSTABLE_Toast as Toast, UNSTABLE_ToastContent as ToastContent, UNSTABLE_ToastRegion as Region } from 'react-aria-components/Toast';
import { useTranslation } from '../../i18n/react';
import { useToastRegionBottom } from './toastLift';
import { currentToastQueue } from './toasts';
import { Icon } from '../../paint/Icon';
import { withTooltip } from './withTooltip';

const kindClasses = {
  error: 'border-red-200 bg-red-50 text-red-900',
  success: 'border-green-200 bg-green-50 text-green-900',
  default: 'border-gray-200 bg-white text-gray-900',
} as const;

/**
 * Toasts at the bottom right, newest last; each can be closed by keyboard (F6 moves focus into the
 * region). They rise above the footer navigation while it is in their way (./toastLift.ts), so its
 * buttons stay visible and clickable. At most 500 px wide (spec section 9).
 */
export default function ToastRegion() {
  const { t } = useTranslation('viewer');
  const region = useRef<HTMLDivElement>(null);
  const bottom = useToastRegionBottom(region);
  // Rendered by <Toasts /> once a toast is there, and with it the queue.
  const queue = currentToastQueue();
  if (!queue) return null;
  return (
    <Region
      ref={region}
      queue={queue}
      style={{ bottom }}
      data-testid="toast-region"
      className="fixed end-4 z-[60] flex w-[min(500px,calc(100vw-2rem))] flex-col gap-2 outline-none print:hidden"
    >
      {({ toast }) => (
        <Toast
          toast={toast}
          data-testid="toast"
          data-kind={toast.content.kind}
          className={`flex animate-toast-slide items-start gap-3 rounded-lg border px-4 py-3 shadow-lg motion-reduce:animate-none focus-visible:outline-2 focus-visible:outline-primary-600 ${kindClasses[toast.content.kind]}`}
        >
          <ToastContent className="min-w-0 flex-1">
            <Text slot="title" className="block font-semibold">
              {t(toast.content.title)}
            </Text>
            {toast.content.description ? (
              <Text slot="description" className="block text-sm">
                {t(toast.content.description)}
              </Text>
            ) : null}
            {toast.content.action ? (
              <Button
                onPress={() => {
                  queue.close(toast.key);
                  toast.content.action?.onAction();
                }}
                className="mt-2 rounded-md border border-current px-3 py-1 text-sm font-semibold hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-primary-600"
              >
                {t(toast.content.action.label)}
              </Button>
            ) : null}
          </ToastContent>
          <Button slot="close" aria-label={t('toasts.close')} {...withTooltip} className="-me-1 rounded p-1 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-primary-600">
            <Icon name="close" className="h-4 w-4" />
          </Button>
        </Toast>
      )}
    </Region>
  );
}
