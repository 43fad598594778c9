import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { getI18n, I18nProvider as I18nextProvider, useTranslation } from '../../i18n/react';
import type { LiveActors } from './inspector';

/** The panel's texts (testers read them, so German and English like every other text). */
const texts = {
  de: { title: 'Live-Akteure', actor: 'Akteur', machine: 'Statechart', state: 'Zustand', none: 'Keine Akteure aktiv.' },
  en: { title: 'Live actors', actor: 'Actor', machine: 'Statechart', state: 'State', none: 'No actors are running.' },
};

/** A small fixed panel listing the live actors of the viewer and each one's current state (`?inspect=1`). */
export function InspectPanel({ actors }: { actors: LiveActors }) {
  const { t } = useTranslation('inspect');
  const list = useSyncExternalStore(actors.subscribe, actors.getSnapshot, actors.getSnapshot);
  return (
    <aside
      aria-label={t('title')}
      data-testid="inspect-panel"
      className="fixed bottom-2 start-2 z-50 max-h-[45vh] w-[28rem] max-w-[calc(100vw-1rem)] overflow-auto rounded border border-gray-300 bg-white/95 p-2 text-xs text-gray-900 shadow-lg"
    >
      <details open>
        <summary className="cursor-pointer font-semibold">
          {t('title')} ({list.length})
        </summary>
        {list.length ? (
          <table className="mt-1 w-full border-collapse text-start font-mono">
            <thead>
              <tr className="border-b border-gray-200 font-sans">
                <th className="pe-2 font-medium">{t('actor')}</th>
                <th className="pe-2 font-medium">{t('machine')}</th>
                <th className="font-medium">{t('state')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((actor) => (
                <tr key={actor.sessionId} data-actor-id={actor.id} data-state={actor.state} className="border-b border-gray-100 align-top">
                  <td className="pe-2 break-all">{actor.id}</td>
                  <td className="pe-2">{actor.machineId}</td>
                  <td className="break-all">{actor.state}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="mt-1">{t('none')}</p>
        )}
      </details>
    </aside>
  );
}

/** Renders the panel in its own root at the end of the body; returns what removes it again. */
export function mountInspectPanel(actors: LiveActors): () => void {
  const i18n = getI18n();
  for (const [lang, bundle] of Object.entries(texts)) i18n.addResourceBundle(lang, 'inspect', bundle, true, false);
  const host = document.createElement('div');
  host.dataset.inspectPanel = '';
  document.body.append(host);
  const root = createRoot(host);
  root.render(
    <I18nextProvider i18n={i18n}>
      <InspectPanel actors={actors} />
    </I18nextProvider>,
  );
  return () => {
    root.unmount();
    host.remove();
  };
}
