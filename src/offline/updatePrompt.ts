import { offline } from '../../i18n/resources/offline';
import { getI18n } from '../../i18n/react';
import { showToast } from '../ui/toasts';

/**
 * Offers the learner a new build: a toast that stays until closed, with a Reload button that calls
 * `reload` (the waiting worker takes over, then the page reloads: ./registerServiceWorker.ts). Its texts
 * (namespace `offline`) come with this chunk and are added to the page's i18n first.
 */
export function offerUpdate(reload: () => void): void {
  const i18n = getI18n();
  for (const [lang, texts] of Object.entries(offline)) if (!i18n.hasResourceBundle(lang, 'offline')) i18n.addResourceBundle(lang, 'offline', texts);
  showToast({
    kind: 'default',
    title: 'offline:updateTitle',
    description: 'offline:updateMessage',
    action: { label: 'offline:updateReload', onAction: reload },
  });
}
