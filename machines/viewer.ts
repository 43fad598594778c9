import { assertEvent, assign, emit, enqueueActions, setup, type AnyActorLogic, type AnyActorRef, type AnyStateMachine } from 'xstate';
import type { ContentElement, Path } from '../model/elements';
import type { Material } from '../model/material';
import { progressOf, unlockedIdsOf, withChange, type LearnerState } from '../model/learnerState';
import { barrierMet, barrierPreconditions, derivedStepProgress, elementProgress } from '../model/progressTree';
import { allElements } from '../model/tree';
import { loadedElementMachines as elementMachines } from './elements/loadedMachines';
import type { ElementChange, ElementChangedEvent } from './elements/elementChanged';
import { pageLeaveSignal } from './signals/pageLeave';
import { visibilitySignals } from './signals/visibility';

/**
 * What the viewer hands element machines that need the outside world; each is optional, and an
 * element without its service behaves as the spec says for "not configured".
 */
export type ElementServices = {
  /** The free-text feedback call; without it free texts show the static "Answer has been submitted". */
  generateFeedback?: AnyActorLogic;
};

export type ViewerInput = {
  material: Material;
  services?: ElementServices;
  /** What the learner did before (restored from the browser or the server); actors resume from it. */
  saved?: LearnerState;
  /**
   * The tracking statechart (machines/tracking.ts) with its effects provided, and its input: spawned
   * as the child `tracking` (systemId too), it receives every change and the material's progress.
   */
  tracking?: { logic: AnyActorLogic; input: unknown };
};


export type ViewerEvent =
  /**
   * A page (the material, a chapter, an external resource or one embedded element) is shown.
   * `completesOnOpen`: opening it completes it (an external resource, an openedCompletion step).
   */
  | { type: 'page.open'; pageId: string; completesOnOpen?: boolean }
  /**
   * These elements are about to be rendered (exactly these: the view lists what a container holds
   * itself): the actors of the stateful ones are spawned now, unless they exist. The view reveals a
   * long page in chunks, and on long pages interactive elements only when they come near the
   * viewport, so start-up does not grow with the page.
   */
  | { type: 'elements.reveal'; elements: readonly ContentElement[] }
  | ElementChangedEvent
  /** The tab was hidden or shown (`visibilitySignals`): a hidden tab may never come back. */
  | { type: 'tab.hidden' }
  | { type: 'tab.visible' }
  /** The page is being left (`pageLeaveSignal`): it may be gone at any moment now. */
  | { type: 'page.leaving' };

/**
 * What the viewer tells whoever keeps the learner's state (src/viewer/localLearnerState.ts):
 * `saved.flush`, write what is not written yet, now (the tab was hidden or the page is being left).
 */
export type ViewerEmitted = { type: 'saved.flush' };

export type ViewerContext = {
  material: Material;
  elementActors: Record<string, AnyActorRef>;
  openedPageIds: string[];
  currentPageId: string | null;
  changes: ElementChange[];
  /** Progress reported by actors (questions, path steps) or set on opening, by model id. */
  progress: Record<string, number>;
  /** Barriers the learner unlocked. */
  unlockedBarrierIds: string[];
  /** Every field the learner changed, last value per model id: what is saved and restored. */
  saved: LearnerState;
  /** Computed once from the material: what each barrier depends on, the paths and their steps. */
  index: MaterialIndex;
  services: ElementServices;
  /** The tracking child, when this visitor's work is saved (or held until a guest name). */
  tracking: AnyActorRef | null;
  /** Material progress last told to tracking. */
  rootProgress: number;
};

type MaterialIndex = {
  barriers: ReturnType<typeof barrierPreconditions>;
  /**
   * For each model whose reported progress moves: the barriers and paths that derive something from
   * it (a barrier from what precedes it, a path from its steps), so a learner's answer informs
   * those and not every barrier of the material.
   */
  dependents: Map<string, string[]>;
  paths: Map<string, Path>;
  stepPaths: Map<string, Path>;
  /** modelName of every model a change can name (the material, elements, path steps). */
  modelNames: Map<string, string>;
};

/** The barriers of a material with what precedes them, its paths by id, and which path holds each step. */
function indexMaterial(material: Material): MaterialIndex {
  const paths = new Map<string, Path>();
  const stepPaths = new Map<string, Path>();
  const modelNames = new Map<string, string>([[material.id, 'Material']]);
  for (const element of allElements(material.content)) {
    modelNames.set(element.id, element.modelName);
    if (element.modelName !== 'Path') continue;
    paths.set(element.id, element);
    for (const step of element.content) {
      stepPaths.set(step.id, element);
      modelNames.set(step.id, step.modelName);
    }
  }
  const barriers = barrierPreconditions(material);
  const dependents = new Map<string, string[]>();
  const dependsOn = (dependent: string, items: readonly ContentElement[]) => {
    for (const id of new Set([...allElements(items)].map((e) => e.id))) {
      const list = dependents.get(id);
      if (list) list.push(dependent);
      else dependents.set(id, [dependent]);
    }
  };
  for (const [id, { preceding }] of barriers) dependsOn(id, preceding);
  for (const [id, path] of paths) dependsOn(id, path.content);
  return { barriers, dependents, paths, stepPaths, modelNames };
}

/**
 * Root actor of one open material. It spawns one child per stateful element of the pages that are
 * open or were visited (never the whole material at once: start-up must not grow with its size),
 * collects what the children report, derives progress from it with the pure functions of
 * model/progressTree, and tells barriers and paths what follows from it.
 */
export const viewerMachine = setup({
  types: {
    input: {} as ViewerInput,
    context: {} as ViewerContext,
    events: {} as ViewerEvent,
    emitted: {} as ViewerEmitted,
  },
  actors: { visibilitySignals, pageLeaveSignal },
  guards: {
    isNewPage: ({ context, event }) => {
      assertEvent(event, 'page.open');
      return !context.openedPageIds.includes(event.pageId);
    },
    hasUnspawned: ({ context, event }) => {
      assertEvent(event, 'elements.reveal');
      return unspawnedOf(event.elements, context).length > 0;
    },
  },
  actions: {
    flushSaved: emit({ type: 'saved.flush' }),
    recordOpenedPage: assign({
      openedPageIds: ({ context, event }) => {
        assertEvent(event, 'page.open');
        return [...context.openedPageIds, event.pageId];
      },
    }),
    spawnRevealed: assign(({ context, event, spawn }) => {
      assertEvent(event, 'elements.reveal');
      // Element machines differ per modelName; setup() cannot type a spawn over a runtime registry.
      const spawnElement = spawn as unknown as (logic: AnyStateMachine, options: { id: string; input: unknown }) => AnyActorRef;
      const elementActors = { ...context.elementActors };
      for (const element of unspawnedOf(event.elements, context)) {
        const [provided, input] = withServices(elementMachines[element.modelName]!, element, context.services);
        elementActors[element.id] = spawnElement(provided, { id: `element:${element.id}`, input: { ...input, saved: savedStateOf(element, context) } });
      }
      return { elementActors };
    }),
    setCurrentPage: assign({
      currentPageId: ({ event }) => {
        assertEvent(event, 'page.open');
        return event.pageId;
      },
    }),
    completeOnOpen: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'page.open');
      if (!event.completesOnOpen) return;
      // Recorded like a child's report, so it is saved, tracked and restored.
      if (context.progress[event.pageId] !== 1) enqueue.raise({ type: 'element.changed', id: event.pageId, field: 'progress', value: 1 });
      enqueue.assign({ progress: { ...context.progress, [event.pageId]: 1 } });
      const path = context.index.stepPaths.get(event.pageId);
      const pathActor = path && context.elementActors[path.id];
      if (pathActor) enqueue.sendTo(pathActor, { type: 'step.open', stepId: event.pageId });
    }),
    recordChange: assign(({ context, event }) => {
      assertEvent(event, 'element.changed');
      const change = { id: event.id, field: event.field, value: event.value };
      return {
        changes: [...context.changes, change],
        saved: withChange(context.saved, change),
        progress: event.field === 'progress' && typeof event.value === 'number' ? { ...context.progress, [event.id]: event.value } : context.progress,
        unlockedBarrierIds:
          event.field === 'unlocked' && event.value === true && !context.unlockedBarrierIds.includes(event.id)
            ? [...context.unlockedBarrierIds, event.id]
            : context.unlockedBarrierIds,
      };
    }),
    /** Every change goes to tracking with its modelName; so does the material's progress when it moved. */
    track: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'element.changed');
      if (!context.tracking) return;
      const modelName = context.index.modelNames.get(event.id);
      if (!modelName) return;
      enqueue.sendTo(context.tracking, { type: 'tracking.changed', changes: [{ id: event.id, modelName, field: event.field, value: event.value }] });
      const rootProgress = elementProgress(context.material, context.progress);
      if (rootProgress === context.rootProgress) return;
      enqueue.assign({ rootProgress });
      enqueue.sendTo(context.tracking, { type: 'root.progress', value: rootProgress });
    }),
    /**
     * Barriers learn whether their condition holds; paths learn the progress of their derived steps.
     * After a reveal, the revealed ones; after a change of progress, those that depend on it.
     */
    informActors: enqueueActions(({ context, event, enqueue }) => {
      const ids = informedBy(event, context);
      for (const id of ids) {
        const actor = context.elementActors[id];
        if (!actor) continue;
        const barrier = context.index.barriers.get(id);
        if (barrier) enqueue.sendTo(actor, { type: 'barrier.condition', met: barrierMet(barrier, context.progress) });
        const path = context.index.paths.get(id);
        if (path) enqueue.sendTo(actor, { type: 'progress.update', progress: derivedStepProgress(path, context.progress) });
      }
    }),
  },
}).createMachine({
  id: 'viewer',
  description: 'Root of an open material: spawns the element actors of visited pages, receives their changes and derives progress.',
  context: ({ input, spawn }) => ({
    material: input.material,
    elementActors: {},
    openedPageIds: [],
    currentPageId: null,
    changes: [],
    progress: progressOf(input.saved ?? {}),
    unlockedBarrierIds: unlockedIdsOf(input.saved ?? {}),
    saved: input.saved ?? {},
    index: indexMaterial(input.material),
    services: input.services ?? {},
    tracking: input.tracking ? (spawn as unknown as SpawnUntyped)(input.tracking.logic, { id: 'tracking', systemId: 'tracking', input: input.tracking.input }) : null,
    rootProgress: elementProgress(input.material, progressOf(input.saved ?? {})),
  }),
  initial: 'viewing',
  states: {
    viewing: {
      description: 'The material is open; pages are opened as the learner navigates.',
      invoke: [
        { id: 'visibilitySignals', src: 'visibilitySignals' },
        { id: 'pageLeaveSignal', src: 'pageLeaveSignal' },
      ],
      on: {
        'tab.hidden': { actions: 'flushSaved', description: 'The tab was hidden and may never come back: what the learner did is written now.' },
        'page.leaving': { actions: 'flushSaved', description: 'The page is being left: what the learner did is written before it goes.' },
        'page.open': [
          {
            guard: 'isNewPage',
            actions: ['completeOnOpen', 'recordOpenedPage', 'setCurrentPage', 'informActors'],
            description: 'First visit of a page: it becomes the current one (opening may complete it).',
          },
          { actions: ['completeOnOpen', 'setCurrentPage', 'informActors'], description: 'Revisit of a page.' },
        ],
        'elements.reveal': {
          guard: 'hasUnspawned',
          actions: ['spawnRevealed', 'informActors'],
          description: 'Elements are about to be rendered: spawn the actors they lack and tell them what the progress allows.',
        },
        'element.changed': {
          actions: ['recordChange', 'track', 'informActors'],
          description: 'A child reports one changed field: tracking gets it; progress may unlock barriers and move paths on.',
        },
      },
    },
  },
});

/** setup() cannot type a spawn of logic chosen at runtime (element machines, the provided tracking machine). */
type SpawnUntyped = (logic: AnyActorLogic, options: { id: string; systemId?: string; input: unknown }) => AnyActorRef;

/** Which barriers and paths an event may have changed something for. */
function informedBy(event: ViewerEvent, context: ViewerContext): readonly string[] {
  switch (event.type) {
    case 'elements.reveal':
      return event.elements.map((e) => e.id);
    case 'element.changed':
      return event.field === 'progress' ? (context.index.dependents.get(event.id) ?? []) : [];
    case 'page.open':
      return event.completesOnOpen ? (context.index.dependents.get(event.pageId) ?? []) : [];
    case 'tab.hidden':
    case 'tab.visible':
    case 'page.leaving':
      return [];
  }
}

/** The stateful elements among these that have no actor yet (the view loads their charts before it reveals them: src/elements/registry.ts). */
function unspawnedOf(elements: readonly ContentElement[], context: ViewerContext): ContentElement[] {
  return elements.filter((element) => elementMachines[element.modelName] && !context.elementActors[element.id]);
}

/** An element's machine with the services it uses, and its input. */
function withServices(logic: AnyStateMachine, element: ContentElement, services: ElementServices): [AnyStateMachine, { element: ContentElement }] {
  if (element.modelName !== 'FreeTextInput' || !element.useGenerativeFeedback) return [logic, { element }];
  if (!services.generateFeedback) return [logic, { element: { ...element, useGenerativeFeedback: false } }];
  return [logic.provide({ actors: { generateFeedback: services.generateFeedback } }), { element }];
}

/** What the viewer knows of an element when it spawns it: its saved fields (a path: its steps' progress). */
function savedStateOf(element: ContentElement, context: ViewerContext): unknown {
  if (element.modelName === 'Path') {
    return { stepProgress: Object.fromEntries(element.content.filter((s) => s.pathEvaluationType).map((s) => [s.id, context.progress[s.id] ?? 0])) };
  }
  return context.saved[element.id];
}
