import type { Barrier, Chapter, ContentElement, IFrame, Path } from './elements';
import type { Material } from './material';
import { averageProgress } from './progress';
import { isBarrierConditionMet } from '../src/kinds/barrier/barrier.model';
import { childListsOf } from './tree';
import { isQuestion, isTracked } from '../src/kinds/rules';

/** Progress the learner's actors reported, by model id (questions, path steps, scrolled pages). */
export type ReportedProgress = Readonly<Record<string, number>>;

const trackedItemsOf = new WeakMap<readonly ContentElement[], readonly ContentElement[]>();

/**
 * The tracked items of a list: containers (columns, panels, foldables) count through what they hold.
 * Content never changes while it is open, so each list is walked once (progress is derived on
 * every learner change).
 */
export function trackedItems(list: readonly ContentElement[]): readonly ContentElement[] {
  let items = trackedItemsOf.get(list);
  if (!items) {
    items = list.flatMap((element) => (isTracked(element) ? [element] : childListsOf(element).flatMap(trackedItems)));
    trackedItemsOf.set(list, items);
  }
  return items;
}

/**
 * Whether opening a page completes it (spec section 4, step completion): a chapter that is an
 * openedCompletion step of a path; an external resource unless it is a selfCompletion step, which
 * only its Complete toggle completes (outside a path, opening it is all a learner can do with it).
 * The root page (no chapter) never does.
 */
export function completesOnOpen(page: Chapter | IFrame | undefined): boolean {
  if (!page) return false;
  return page.modelName === 'IFrame' ? page.pathEvaluationType !== 'selfCompletion' : page.pathEvaluationType === 'openedCompletion';
}

/**
 * Whether a chapter's page ends with a Complete toggle (src/viewer/ChapterCompletion.tsx): its
 * evaluationType is selfCompletion and it is no path's step (its path has the toggle).
 */
export const endsWithCompletion = (chapter: Chapter | undefined): chapter is Chapter =>
  chapter?.evaluationType === 'selfCompletion' && !chapter.pathEvaluationType;

/**
 * An element's progress 0..1 (spec section 4): a question from its evaluation, a chapter or a
 * material by its evaluationType (composite: the mean of its tracked content, 1 if none; scrolling,
 * selfCompletion, other: what was reported), a path from its steps; steps that complete by
 * themselves (pathEvaluationType) from what their path reported.
 */
export function elementProgress(element: ContentElement | Material, reported: ReportedProgress): number {
  switch (element.modelName) {
    case 'Material':
      return element.evaluationType === 'composite' ? averageOf(element.content, reported) : (reported[element.id] ?? 0);
    case 'Chapter':
      if (element.pathEvaluationType || element.evaluationType !== 'composite') return reported[element.id] ?? 0;
      return averageOf(element.content, reported);
    case 'Path':
      return averageProgress(element.content.map((step) => elementProgress(step, reported)));
    case 'IFrame':
      return reported[element.id] ?? 0;
    default:
      return isQuestion(element) ? (reported[element.id] ?? 0) : 1;
  }
}

function averageOf(list: readonly ContentElement[], reported: ReportedProgress): number {
  return averageProgress(trackedItems(list).map((item) => elementProgress(item, reported)));
}

/** Every barrier of a material with the tracked items before it in its own list. */
export function barrierPreconditions(material: Material): Map<string, { barrier: Barrier; preceding: readonly ContentElement[] }> {
  const found = new Map<string, { barrier: Barrier; preceding: readonly ContentElement[] }>();
  const visitList = (list: readonly ContentElement[]) => {
    list.forEach((element, index) => {
      if (element.modelName === 'Barrier') found.set(element.id, { barrier: element, preceding: trackedItems(list.slice(0, index)) });
      for (const child of childListsOf(element)) visitList(child);
    });
  };
  visitList(material.content);
  return found;
}

/** Whether a barrier's continue button may be pressed, from the progress before it. */
export function barrierMet(entry: { barrier: Barrier; preceding: readonly ContentElement[] }, reported: ReportedProgress): boolean {
  return isBarrierConditionMet(entry.barrier.mode, entry.preceding.map((item) => elementProgress(item, reported)), entry.barrier.unlocked);
}

/** The progress of a path's steps that do not complete by themselves (derived from their content). */
export function derivedStepProgress(path: Path, reported: ReportedProgress): Record<string, number> {
  return Object.fromEntries(path.content.filter((step) => !step.pathEvaluationType).map((step) => [step.id, elementProgress(step, reported)]));
}

/** What still keeps a barrier closed: the incomplete items its mode looks at (none when met). */
export function blockingItems(entry: { barrier: Barrier; preceding: readonly ContentElement[] }, reported: ReportedProgress): ContentElement[] {
  const incomplete = (item: ContentElement) => elementProgress(item, reported) < 1;
  switch (entry.barrier.mode) {
    case 'all':
      return entry.preceding.filter(incomplete);
    case 'last':
      return entry.preceding.slice(-1).filter(incomplete);
    case 'unlocked':
      return [];
  }
}
