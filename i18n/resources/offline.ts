import type { Lang } from '../../model/pageData';

type OfflineTexts = { updateTitle: string; updateMessage: string; updateReload: string };

/**
 * Texts of the offline support (src/offline/): the prompt when a new build is deployed. They load with
 * the service worker's registration, not with the first route, and are added to the page's i18n as the
 * namespace `offline` (`t('offline:updateTitle')`).
 */
export const offline: Record<Lang, OfflineTexts> = {
  de: {
    updateTitle: 'Neue Version verfügbar',
    updateMessage: 'Lade die Seite neu, um sie zu nutzen. Deine Änderungen bleiben erhalten.',
    updateReload: 'Neu laden',
  },
  en: {
    updateTitle: 'A new version is available',
    updateMessage: 'Reload the page to use it. Your changes are kept.',
    updateReload: 'Reload',
  },
};
