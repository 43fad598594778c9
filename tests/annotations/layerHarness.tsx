import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { vi } from 'vitest';
import AnnotationLayer from '../../src/annotations/AnnotationLayer';
import { createI18n } from '../../i18n';
import { I18nProvider } from '../../i18n/react';
import type { Material } from '../../model/material';
import type { PageData } from '../../model/pageData';
import { OverlayProvider } from '../../src/ui/OverlayProvider';
import { PageDataContext } from '../../paint/PageDataContext';

/** A request the layer sent: its address and its body as JSON. */
export type SentRequest = { url: string; body: any };

/**
 * Stands in for the server: every fetch is recorded into the array it answers (cleared per call of this
 * function), and answered `{ data: answer(url, body) }` with 200; a thrown error is a failed fetch.
 * Undo it with vi.unstubAllGlobals().
 */
export function stubAnnotationServer(answer: (url: string, body: any) => unknown): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      sent.push({ url, body });
      const data = answer(url, body);
      return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

/** The annotation layer of `material` as MaterialViewer mounts it (StrictMode, i18n, page data, overlays), in `lang`. */
export function renderAnnotationLayer(material: Material, pageData: PageData, lang: 'de' | 'en' = 'en') {
  const user = userEvent.setup();
  const app = document.createElement('div');
  document.body.append(app);
  const view = render(
    <StrictMode>
      <I18nProvider i18n={createI18n(lang)}>
        <PageDataContext.Provider value={{ ...pageData, lang }}>
          <OverlayProvider>
            <AnnotationLayer material={material} />
          </OverlayProvider>
        </PageDataContext.Provider>
      </I18nProvider>
    </StrictMode>,
    { container: app },
  );
  return { user, unmount: view.unmount };
}
