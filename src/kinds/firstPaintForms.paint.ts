import type { KindViews } from '../../paint/kindView';
import { ChoiceEarlyForm } from './choice/ChoiceEarlyForm.paint';
import { ChapterLink } from './chapter/ChapterLink.paint';

/**
 * Kinds the server's first paint (paint/PaintedList.tsx) draws in a form of their own, not as the app
 * does: a choice question as a form that answers before the app runs (src/elements/early/earlyAnswers.ts),
 * a chapter as a plain link to its page (the app's card follows the router and shows the learner's
 * progress). Only the server imports this: the app's build has none of it.
 */
export const FIRST_PAINT_FORMS: KindViews = {
  ChoiceQuestion: ChoiceEarlyForm,
  Chapter: ChapterLink,
};
