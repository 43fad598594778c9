import { createElement, use, type ComponentType } from 'react';
import { loadQuestionTexts } from '../i18n/questionTexts';
import { STATEFUL_KINDS } from '../../machines/elements/loadedMachines';
import { loadElementMachines } from './machineLoading';
import type { ContentElement, ModelName } from '../../model/elements';
import type { ElementProps } from './elementProps';
import { ChapterCard } from './ChapterCard';
import { ColumnsElement } from './static/ColumnsElement';
import { HeadingElement } from './static/HeadingElement';
import { HighlightedPanelElement } from './static/HighlightedPanelElement';
import { ImageElement } from './static/ImageElement';
import { QuoteElement } from './static/QuoteElement';
import { SeparatorElement } from './static/SeparatorElement';
import { TextElement } from './static/TextElement';


type ElementComponent<N extends ModelName> = ComponentType<ElementProps<Extract<ContentElement, { modelName: N }>>>;
type Registry = { [N in ModelName]?: ElementComponent<N> };

type Preloadable = { preload: () => Promise<void> };

/** Whether the component is one of `lazyNamed`'s: it may suspend until its chunk is there. */
export function loadsLazily(component: object): boolean {
  return typeof (component as Partial<Preloadable>).preload === 'function';
}

/**
 * A component from a module's named export in its own chunk. It suspends (ElementView's Suspense)
 * until the chunk is there; once loaded, or after `preload()`, it renders at once.
 */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K, loadParts?: () => Promise<unknown>): M[K] & Preloadable {
  let loaded: ComponentType<object> | undefined;
  let pending: Promise<void> | undefined;
  // A failed load (offline) is forgotten, so the next render or preload tries again.
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module[name] as unknown as ComponentType<object>;
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
 * modelName → component. Reading elements (text, headings, images, columns, panels, chapter cards) are
 * part of the first paint; everything interactive or heavy (questions, KaTeX, highlighting,
 * galleries, embeds) is its own chunk, loaded when a page shows it (ElementView's Suspense).
 */
export const elementComponents: Registry = {
  Text: TextElement,
  Heading: HeadingElement,
  Quote: QuoteElement,
  Separator: SeparatorElement,
  Image: ImageElement,
  Columns: ColumnsElement,
  HighlightedElement: HighlightedPanelElement,
  Chapter: ChapterCard,
  Foldable: lazyNamed(() => import('./static/FoldableElement'), 'FoldableElement'),
  MathFormula: lazyNamed(() => import('./static/MathFormulaElement'), 'MathFormulaElement', () => import('./static/KatexFormula')),
  ImageGallery: lazyNamed(() => import('./static/ImageGalleryElement'), 'ImageGalleryElement'),
  Link: lazyNamed(() => import('./static/LinkElement'), 'LinkElement'),
  HtmlElement: lazyNamed(() => import('./static/HtmlEmbedElement'), 'HtmlEmbedElement'),
  Code: lazyNamed(() => import('./static/CodeElement'), 'CodeElement', () => import('./static/HighlightedCode')),
  Hotspot: lazyNamed(() => import('./static/HotspotElement'), 'HotspotElement'),
  IFrame: lazyNamed(() => import('./static/ExternalResourceElement'), 'ExternalResourceElement'),
  ChoiceQuestion: lazyWithQuestionTexts(() => import('./questions/ChoiceQuestion'), 'ChoiceQuestionElement'),
  ClozeQuestion: lazyWithQuestionTexts(() => import('./questions/ClozeQuestion'), 'ClozeQuestionElement'),
  FreeTextInput: lazyWithQuestionTexts(() => import('./questions/FreeTextInput'), 'FreeTextInputElement'),
  AssignmentQuestion: lazyWithQuestionTexts(() => import('./questions/AssignmentQuestion'), 'AssignmentQuestionElement'),
  PolygonTargetExercise: lazyWithQuestionTexts(() => import('./questions/PolygonTargetExercise'), 'PolygonTargetExerciseElement'),
  Barrier: lazyWithQuestionTexts(() => import('./barrier/Barrier'), 'BarrierElement'),
  Certificate: lazyWithQuestionTexts(() => import('./certificate/Certificate'), 'CertificateElement'),
  Path: lazyWithQuestionTexts(() => import('./path/Path'), 'PathElement'),
};

/**
 * Starts loading the chunks of these element kinds (all when none are named), and the element
 * statecharts when any of them has one; resolves when they are there.
 */
export function preloadElementComponents(modelNames?: Iterable<ModelName>): Promise<void> {
  const names = modelNames ? new Set(modelNames) : new Set(Object.keys(elementComponents) as ModelName[]);
  const loads = [...names].map((name) => (elementComponents[name] as Partial<Preloadable> | undefined)?.preload?.());
  if ([...names].some((name) => STATEFUL_KINDS.has(name))) loads.push(loadElementMachines());
  return Promise.all(loads).then(() => undefined);
}
