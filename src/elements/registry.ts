import { createElement, use, type ComponentType } from 'react';
import { loadQuestionTexts } from '../../i18n/questionTexts';
import { isStateful } from '../kinds/rules';
import { loadedElementMachines, type KindMachine } from '../../machines/elements/loadedMachines';
import { loadSanitizer } from '../../paint/SafeHtml';
import type { ContentElement, ModelName } from '../../model/elements';
import type { ElementProps } from '../../paint/elementProps';
import { ChapterCard } from '../kinds/chapter/ChapterCard';
import { READING_VIEWS } from '../kinds/readingViews.paint';


type ElementComponent<N extends ModelName> = ComponentType<ElementProps<Extract<ContentElement, { modelName: N }>>>;
type Registry = { readonly [N in ModelName]: ElementComponent<N> };

type Preloadable = { preload: () => Promise<void> };

/** Whether the component is one of `lazyNamed`'s: it may suspend until its chunk is there. */
export function loadsLazily(component: object): boolean {
  return typeof (component as Partial<Preloadable>).preload === 'function';
}

/**
 * A component from a module's named export in its own chunk. It suspends (ElementView's Suspense)
 * until the chunk is there; once loaded, or after `preload()`, it renders at once. A stateful kind's
 * module hands its chart with it (`kindMachine`): the viewer spawns from it from then on.
 */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K, loadParts?: () => Promise<unknown>): M[K] & Preloadable {
  let loaded: ComponentType<object> | undefined;
  let pending: Promise<void> | undefined;
  // A failed load (offline) is forgotten, so the next render or preload tries again.
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module[name] as unknown as ComponentType<object>;
        const { kindMachine } = module as { kindMachine?: KindMachine };
        if (kindMachine) loadedElementMachines[kindMachine.modelName] = kindMachine.machine;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  function LazyElement(props: object) {
    if (!loaded) use(preload());
    return createElement(loaded!, props);
  }
  LazyElement.displayName = `Lazy(${String(name)})`;
  // Preloading also fetches the parts the component itself loads lazily (KaTeX, highlighting), so it renders offline.
  const preloadAll = () => Promise.all([preload(), loadParts?.()]).then(() => undefined);
  return Object.assign(LazyElement, { preload: preloadAll }) as unknown as M[K] & Preloadable;
}

/** `lazyNamed` for a component that uses the lazy `questions` texts: both load together, so it renders translated. */
function lazyWithQuestionTexts<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] & Preloadable {
  return lazyNamed(() => Promise.all([load(), loadQuestionTexts()]).then(([module]) => module), name);
}

/*
 * modelName → component. Reading elements (text, headings, images, columns, panels: src/kinds/readingViews.paint.ts,
 * and chapter cards) are part of the first paint; everything interactive or heavy (questions, KaTeX, highlighting,
 * galleries, embeds) is its own chunk, loaded when a page shows it (ElementView's Suspense).
 */
export const elementComponents: Registry = {
  ...READING_VIEWS,
  Chapter: ChapterCard,
  Foldable: lazyNamed(() => import('../kinds/foldable/FoldableElement'), 'FoldableElement'),
  MathFormula: lazyNamed(() => import('../kinds/mathFormula/MathFormulaElement'), 'MathFormulaElement', () => import('../kinds/mathFormula/KatexFormula')),
  ImageGallery: lazyNamed(() => import('../kinds/imageGallery/ImageGalleryElement'), 'ImageGalleryElement'),
  Link: lazyNamed(() => import('../kinds/link/LinkElement'), 'LinkElement'),
  HtmlElement: lazyNamed(() => import('../kinds/htmlEmbed/HtmlEmbedElement'), 'HtmlEmbedElement'),
  Code: lazyNamed(() => import('../kinds/code/CodeElement'), 'CodeElement', () => Promise.all([import('../kinds/code/HighlightedCode'), loadSanitizer()])),
  Hotspot: lazyNamed(() => import('../kinds/hotspot/HotspotElement'), 'HotspotElement'),
  IFrame: lazyNamed(() => import('../kinds/externalResource/ExternalResourceElement'), 'ExternalResourceElement'),
  ChoiceQuestion: lazyWithQuestionTexts(() => import('../kinds/choice/ChoiceQuestion'), 'ChoiceQuestionElement'),
  ClozeQuestion: lazyWithQuestionTexts(() => import('../kinds/cloze/ClozeQuestion'), 'ClozeQuestionElement'),
  FreeTextInput: lazyWithQuestionTexts(() => import('../kinds/freeText/FreeTextInput'), 'FreeTextInputElement'),
  AssignmentQuestion: lazyWithQuestionTexts(() => import('../kinds/assignment/AssignmentQuestion'), 'AssignmentQuestionElement'),
  PolygonTargetExercise: lazyWithQuestionTexts(() => import('../kinds/polygon/PolygonTargetExercise'), 'PolygonTargetExerciseElement'),
  Barrier: lazyWithQuestionTexts(() => import('../kinds/barrier/Barrier'), 'BarrierElement'),
  Certificate: lazyWithQuestionTexts(() => import('../kinds/certificate/Certificate'), 'CertificateElement'),
  Path: lazyWithQuestionTexts(() => import('../kinds/path/Path'), 'PathElement'),
};

/**
 * Starts loading the chunks of these element kinds (all when none are named), the stateful ones'
 * charts with them; resolves when they are there.
 */
export function preloadElementComponents(modelNames?: Iterable<ModelName>): Promise<void> {
  const names = modelNames ? new Set(modelNames) : new Set(Object.keys(elementComponents) as ModelName[]);
  return Promise.all([...names].map((name) => (elementComponents[name] as Partial<Preloadable> | undefined)?.preload?.())).then(() => undefined);
}

/** Whether the viewer can spawn the actors of these kinds now: the chart of each stateful one has come with its view. */
export function machinesLoadedFor(modelNames: Iterable<ModelName>): boolean {
  for (const name of modelNames) if (isStateful(name) && !loadedElementMachines[name]) return false;
  return true;
}

/** Loads the charts of these kinds' stateful ones (with their views); a failed load is tried again next time. */
export function loadElementMachines(modelNames: Iterable<ModelName>): Promise<void> {
  return preloadElementComponents([...modelNames].filter(isStateful));
}
