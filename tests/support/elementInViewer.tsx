import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nProvider } from '../../i18n/react';
import { afterEach, beforeAll } from 'vitest';
import { createActor, type ActorOptions, type AnyActorLogic, type AnyActorRef } from 'xstate';
import { viewerMachine, type ElementServices } from '../../machines/viewer';
import { ContentList } from '../../src/elements/ContentList';
import { preloadElementComponents } from '../../src/elements/registry';
import { ViewerActorContext } from '../../src/elements/viewerContext';
import { createI18n } from '../../i18n';
import type { ContentElement } from '../../model/elements';
import { Material } from '../../model/material';
import { elementsOnPage } from '../../model/tree';
import type { Lang, PageData } from '../../model/pageData';
import { OverlayProvider } from '../../src/ui/OverlayProvider';
import { PageDataContext } from '../../paint/PageDataContext';

/*
 * Renders content the way the material page does: a real viewer actor (machines/viewer.ts) spawns
 * the element actors on `elements.reveal`, and the components find them through ViewerActorContext. The
 * test holds the viewer, so it reads the very actor a component drives.
 */

// Interactive elements are lazy chunks; load them once so every render is synchronous.
beforeAll(() => preloadElementComponents());

const started: AnyActorRef[] = [];
// One i18next instance per language for the whole file: nothing changes the language.
const i18nFor = { de: createI18n('de'), en: createI18n('en') };
afterEach(() => {
  for (const viewer of started.splice(0)) viewer.stop();
});

// Links of path steps lead to other pages: the app's router takes them, jsdom would try to navigate.
const keepPage = (event: MouseEvent) => {
  if ((event.target as Element | null)?.closest?.('a[href]:not([href^="#"])')) event.preventDefault();
};

export type ViewerRenderOptions = {
  lang: Lang;
  services?: ElementServices;
  pageData?: PageData;
  /** The clock of the actors' timers (xstate's SimulatedClock lets a test move time on); real time by default. */
  clock?: ActorOptions<AnyActorLogic>['clock'];
};

export type ElementInViewer = {
  user: UserEvent;
  viewer: AnyActorRef;
  /** The element's root (ElementView's wrapper with `id` = model id). */
  root: HTMLElement;
  /** The actor the viewer spawned for the element, read afresh each time. */
  actor: () => AnyActorRef;
  lang: Lang;
};

/** Renders `content` as one page of a material and returns the element `id` with its actor. */
export function renderInViewer(content: readonly unknown[], id: string, { lang, services, pageData, clock }: ViewerRenderOptions): ElementInViewer {
  const material = Material.parse({ modelName: 'Material', id: 'walk-material', publicId: 'walk', title: 'Walk', content });
  const viewer = createActor(viewerMachine, { input: { material, services }, ...(clock ? { clock } : {}) }).start();
  started.push(viewer);
  viewer.send({ type: 'page.open', pageId: material.id });
  viewer.send({ type: 'elements.reveal', elements: [...elementsOnPage(material.content)] });
  /*
   * No pause between the parts of an interaction (nothing here waits for time), and no
   * pointer-events check: jsdom loads no stylesheet, so the check would only read inline styles,
   * and it computes styles up the whole tree on every pointer action.
   */
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const page: ReactNode = (
    <I18nProvider i18n={i18nFor[lang]}>
      <ViewerActorContext.Provider value={viewer}>
        <OverlayProvider>
          <main onClickCapture={(event) => keepPage(event.nativeEvent)}>
            <ContentList elements={material.content as ContentElement[]} />
          </main>
        </OverlayProvider>
      </ViewerActorContext.Provider>
    </I18nProvider>
  );
  const { container } = render(pageData ? <PageDataContext.Provider value={pageData}>{page}</PageDataContext.Provider> : page);
  const root = container.querySelector<HTMLElement>(`[id="${id}"]`);
  if (!root) throw new Error(`element ${id} was not rendered`);
  const actor = () => {
    const spawned = (viewer.getSnapshot().context as { elementActors: Record<string, AnyActorRef> }).elementActors[id];
    if (!spawned) throw new Error(`the viewer spawned no actor for ${id}`);
    return spawned;
  };
  return { user, viewer, root, actor, lang };
}
