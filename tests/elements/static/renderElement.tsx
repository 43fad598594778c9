import { cleanup, render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { I18nProvider } from '../../../i18n/react';
import { afterEach, beforeAll } from 'vitest';
import { ContentList } from '../../../src/elements/ContentList';
import { ElementView } from '../../../src/elements/ElementView';
import { NestedListContext } from '../../../paint/nestedList';
import { preloadElementComponents } from '../../../src/elements/registry';
import { createI18n } from '../../../i18n';
import { ContentElement } from '../../../model/elements';
import type { Lang } from '../../../model/pageData';

/* jsdom lacks these; react-aria-components and scrolling code call them. */
const css = (globalThis.CSS ??= {} as typeof CSS);
css.escape ??= (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`);
window.scrollTo ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => cleanup());
// Interactive and heavy elements are lazy chunks; load them once so renders are synchronous.
beforeAll(() => preloadElementComponents());

export type RenderOptions = {
  lang?: Lang;
  strict?: boolean;
  wrap?: (node: ReactElement) => ReactElement;
  /** Skip the schema, to test a component's own defence against content the import would refuse. */
  unchecked?: boolean;
};

/**
 * Parses raw content with the content schema (defaults applied) and renders it through ElementView,
 * inside the context a list gives its elements (a container draws its children with ContentList).
 */
export function renderElement(raw: unknown, { lang = 'en', strict = false, wrap = (node) => node, unchecked = false }: RenderOptions = {}) {
  const element = unchecked ? (raw as ContentElement) : ContentElement.parse(raw);
  const tree = wrap(
    <I18nProvider i18n={createI18n(lang)}>
      <NestedListContext value={ContentList}>
        <ElementView element={element} />
      </NestedListContext>
    </I18nProvider>,
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  const root = result.container.querySelector<HTMLElement>(`[id="${element.id}"]`);
  if (!root) throw new Error(`element ${element.id} was not rendered with its id`);
  return { ...result, element, root };
}

/** Both React modes: StrictMode mounts twice and actors must survive it. */
export const reactModes = [
  { mode: 'normal', strict: false },
  { mode: 'strict', strict: true },
] as const;

/** The aspect ratio an element's inline style sets (jsdom normalises `1.5` to `1.5 / 1`). */
export function ratioOf(element: Element | null): number {
  const value = (element as HTMLElement | null)?.style.aspectRatio ?? '';
  const [width, height = '1'] = value.split('/').map((part) => part.trim());
  return Number(width) / Number(height);
}
