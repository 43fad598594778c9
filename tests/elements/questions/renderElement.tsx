import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactElement } from 'react';
import { I18nProvider } from '../../../i18n/react';
import { beforeAll } from 'vitest';
import { preloadElementComponents } from '../../../src/elements/registry';
import { createI18n } from '../../../i18n';
import type { Lang } from '../../../model/pageData';
import { createActor } from 'xstate';
import { viewerMachine, type ViewerInput } from '../../../machines/viewer';
import { elementsOnPage } from '../../../model/tree';
import { ContentList } from '../../../src/elements/ContentList';
import { ViewerActorContext } from '../../../src/elements/viewerContext';

// Interactive and heavy elements are lazy chunks; load them once so renders are synchronous.
beforeAll(() => preloadElementComponents());

/** Renders an element as a learner sees it: in a language, optionally under StrictMode (double mount). */
export function renderElement(ui: ReactElement, { lang = 'en', strict = false }: { lang?: Lang; strict?: boolean } = {}) {
  const user = userEvent.setup();
  const tree = <I18nProvider i18n={createI18n(lang)}>{ui}</I18nProvider>;
  return { user, ...render(strict ? <StrictMode>{tree}</StrictMode> : tree) };
}

export const modes = [
  { name: 'en', lang: 'en' as const, strict: false },
  { name: 'de, StrictMode', lang: 'de' as const, strict: true },
];

/** The visible text of an element, whitespace collapsed. */
export function textOf(element: Element | null): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Whether a form control is disabled (the input itself or through its fieldset/label state). */
export function isDisabled(element: Element): boolean {
  return (element as HTMLInputElement).disabled === true || element.getAttribute('aria-disabled') === 'true';
}

export function isChecked(element: Element): boolean {
  return (element as HTMLInputElement).checked === true;
}

/** A material's first page rendered inside a started viewer (its actors spawned, every element revealed), in English. */
export function renderInViewer(input: ViewerInput) {
  const viewer = createActor(viewerMachine, { input }).start();
  viewer.send({ type: 'page.open', pageId: input.material.id });
  viewer.send({ type: 'elements.reveal', elements: [...elementsOnPage(input.material.content)] });
  const rendered = renderElement(
    <ViewerActorContext.Provider value={viewer}>
      <ContentList elements={input.material.content} />
    </ViewerActorContext.Provider>,
  );
  return { viewer, ...rendered };
}
