import { renderToStaticMarkup } from 'react-dom/server';
import { PaintedList } from '../../paint/PaintedList';
import { createI18n, loadLanguage } from '../../i18n';
import { I18nProvider } from '../../i18n/react';
import type { ContentElement } from '../../model/elements';
import type { Lang } from '../../model/pageData';
import { elementsOnPage } from '../../model/tree';
import { ServerSanitizedHtml } from '../../paint/SafeHtml';
import { loadQuestionTexts } from '../../i18n/questionTexts';
import { GROUP_SIZE, groupAttributes, groupsOf } from '../../paint/elementGroups';

/**
 * The first paint of a material's root page shows its elements up to this many (counted as the page
 * counts them, containers with what they hold): on a long page the app renders only what comes near
 * the viewport and the server's frames stand in for the rest, so they must be there. Elements beyond
 * the first barrier, or beyond this many, the browser draws.
 */
const SHELL_MAX_ELEMENTS = 6000;

/**
 * The leading elements of a page that its first paint shows: whole top-level elements while the page
 * count (containers with what they hold, as model/tree.ts counts) stays within SHELL_MAX_ELEMENTS.
 */
function shellElementsOf(content: readonly ContentElement[]): ContentElement[] {
  const shown: ContentElement[] = [];
  let count = 0;
  for (const element of content) {
    count += [...elementsOnPage([element])].length;
    if (count > SHELL_MAX_ELEMENTS && shown.length) break;
    shown.push(element);
    if (element.modelName === 'Barrier') break;
  }
  return shown;
}

/** Elements (as the page counts them) drawn in one go; between two slices the server answers other requests. */
const SLICE_ELEMENTS = 250;

/**
 * The html of a page's leading elements for its first paint (server/pages/shell.ts), drawn by the
 * DOM-free views the app draws too (paint/PaintedList.tsx) in the page's language. Content html is
 * stored sanitised, so it is drawn as stored, as the app does. A long page is drawn in slices, each
 * in a task of its own.
 */
export async function shellContentHtml(content: readonly ContentElement[], lang: Lang): Promise<string> {
  const elements = shellElementsOf(content);
  if (!elements.length) return '';
  // The early forms' texts (Evaluate, the feedback titles) are the questions' own.
  await Promise.all([loadLanguage(lang), loadQuestionTexts()]);
  const i18n = createI18n(lang);
  const html: string[] = [];
  for (const slice of slices(elements)) {
    if (html.length) await new Promise((resolve) => setImmediate(resolve));
    html.push(
      renderToStaticMarkup(
        <ServerSanitizedHtml.Provider value>
          <I18nProvider i18n={i18n}>
            {/* A slice starts a group: the same groups as the app's. */}
            {groupsOf(slice).map((group) => (
              <div key={group[0].id} {...groupAttributes(group)}>
                <PaintedList elements={group} />
              </div>
            ))}
          </I18nProvider>
        </ServerSanitizedHtml.Provider>,
      ),
    );
  }
  return html.join('');
}

/** Consecutive runs of top-level elements of about SLICE_ELEMENTS page elements each, each starting a group. */
function slices(elements: readonly ContentElement[]): ContentElement[][] {
  const runs: ContentElement[][] = [[]];
  let count = 0;
  for (const [index, element] of elements.entries()) {
    if (count >= SLICE_ELEMENTS && index % GROUP_SIZE === 0) {
      runs.push([]);
      count = 0;
    }
    runs[runs.length - 1].push(element);
    count += [...elementsOnPage([element])].length;
  }
  return runs;
}
