import { assign, setup, type AnyActorRef, type AnyStateMachine } from 'xstate';
import type { ContentElement } from '../src/model/elements';
import type { Material } from '../src/model/material';
import { elementsOnPage } from '../src/model/tree';
import { elementMachines } from './elements/registry';

export type ViewerInput = { material: Material };

/** A learner change an element reported (one field, one value); tracking takes it from here. */
export type ElementChange = { id: string; field: string; value: unknown };

export type ViewerEvent =
  | { type: 'page.open'; pageId: string; content: readonly ContentElement[] }
  | { type: 'element.changed'; id: string; field: string; value: unknown };

/**
 * Root actor of one open material. It spawns one child per stateful element of the pages that are
 * open or were visited (never the whole material at once: start-up must not grow with its size),
 * and collects what the children report.
 */
export const viewerMachine = setup({
  types: {
    input: {} as ViewerInput,
    context: {} as {
      material: Material;
      elementActors: Record<string, AnyActorRef>;
      openedPageIds: string[];
      currentPageId: string | null;
      changes: ElementChange[];
    },
    events: {} as ViewerEvent,
  },
  guards: {
    isNewPage: ({ context, event }) => event.type === 'page.open' && !context.openedPageIds.includes(event.pageId),
  },
  actions: {
    spawnPageElements: assign(({ context, event, spawn }) => {
      if (event.type !== 'page.open') return {};
      // Element machines differ per modelName; setup() cannot type a spawn over a runtime registry.
      const spawnElement = spawn as unknown as (logic: AnyStateMachine, options: { id: string; input: unknown }) => AnyActorRef;
      const elementActors = { ...context.elementActors };
      for (const element of elementsOnPage(event.content)) {
        const logic = elementMachines[element.modelName];
        if (!logic || elementActors[element.id]) continue;
        elementActors[element.id] = spawnElement(logic, { id: `element:${element.id}`, input: { element } });
      }
      return { elementActors, openedPageIds: [...context.openedPageIds, event.pageId] };
    }),
    setCurrentPage: assign({
      currentPageId: ({ event }) => (event.type === 'page.open' ? event.pageId : null),
    }),
    recordChange: assign({
      changes: ({ context, event }) =>
        event.type === 'element.changed' ? [...context.changes, { id: event.id, field: event.field, value: event.value }] : context.changes,
    }),
  },
}).createMachine({
  id: 'viewer',
  description: 'Root of an open material: spawns the element actors of visited pages and receives their changes.',
  context: ({ input }) => ({
    material: input.material,
    elementActors: {},
    openedPageIds: [],
    currentPageId: null,
    changes: [],
  }),
  initial: 'viewing',
  states: {
    viewing: {
      description: 'The material is open; pages are opened as the learner navigates.',
      on: {
        'page.open': [
          { guard: 'isNewPage', actions: ['spawnPageElements', 'setCurrentPage'], description: 'First visit: spawn the page’s element actors.' },
          { actions: 'setCurrentPage', description: 'Revisit: the actors exist already.' },
        ],
        'element.changed': { actions: 'recordChange', description: 'A child reports one changed field.' },
      },
    },
  },
});
