import type { RichTextNode } from '../../model/richText';
import { htmlToPlainText } from '../../model/plainText';
import type { ContentElement, Image } from '../../model/elements';
import type { A11yProblem } from '../../model/accessibility/findings';
import type { ActivityDefinition, Result } from '../../model/xapiActivity';

/*
 * What the viewer, the server and the tools know of one element kind, beyond its schema: the
 * contracts each kind's folder fulfils (`src/kinds/<kind>/<kind>.rules.ts`, `.indexing.ts`) and ./rules.ts and ./indexing.ts collect
 * in records keyed by modelName, so a kind missing from any of them does not compile.
 */

/** Saved learner fields of one element, as the learner state holds them (untyped: read defensively). */
export type SavedFields = Readonly<Record<string, unknown>>;

/**
 * A question's answers: how it names itself where it has no title (the start of its question) and
 * whether an answer is right. Read by the score, a barrier's list and the learning records, not by
 * the first paint.
 */
export type QuestionRules<E> = {
  /** The text that names it for a learner when it has no title (a barrier's list of what is open). */
  readonly label: (element: E) => string;
  /** Whether the saved answer is right; absent for a question without right answers (free text). */
  readonly correct?: (element: E, fields: SavedFields) => boolean;
};

/** The kind's name for a learner, in both languages (`src/kinds/<kind>/<kind>.name.ts`). */
export type KindName = { readonly de: string; readonly en: string };

/**
 * What a stand-in shows for an element before it mounts (src/elements/dormant/DormantElement.tsx),
 * and in the server's first paint: its html (sanitised by the server) and plain texts in reading
 * order; a part that stands for one of its controls names its press key (model/pressKeys.ts).
 */
export type StandInPart = ({ html: string } | { text: string } | { code: string }) & { press?: string };

export type StandIn<E> = {
  /** Whether it shows its stand-in in the app too, until it comes near the viewport (interactive kinds). */
  readonly dozes: boolean;
  readonly parts: (element: E) => StandInPart[];
};

/** The rules every part of the product reads (the first route among them: keep them small). */
export type KindRules<E> = {
  /** A question: it bears progress once evaluated (spec section 4); its answers are its `QuestionRules`. */
  readonly question?: true;
  /** A page of its own that bears progress (chapter, path, external resource). */
  readonly tracksProgress?: true;
  /** The viewer spawns a statechart for each element of the kind (its view's `machine`). */
  readonly stateful?: true;
  /** The lists of child elements it holds (a container), in reading order. */
  readonly children?: (element: E) => readonly (readonly ContentElement[])[];
  readonly standIn?: StandIn<E>;
  /** It draws beyond its box (a hotspot's popups): the page never skips its group off screen, which would clip it (paint/elementGroups.ts). */
  readonly drawsBeyondItsBox?: true;
};

/** A piece of an element's searchable text: plain, html (its text counts) or a cloze's document. */
export type SearchText = string | undefined | { readonly html: string | undefined } | { readonly richText: readonly RichTextNode[] };

/** An element's searchable text by weight (server/store/searchIndex.ts). */
export type SearchTexts = { readonly title?: readonly SearchText[]; readonly secondary?: readonly SearchText[]; readonly body?: readonly SearchText[] };

/** A question model as stored (before parsing): its answer key is read from it. */
export type StoredModel = Readonly<Record<string, unknown>>;

export interface InteractionOptions {
  /** The RFC 5646 tag of the content: the key of every language map. */
  language: string;
  /** Whether free-text answers may leave (XAPI_SEND_FREE_TEXT). */
  sendFreeText: boolean;
}

/** How a question is an xAPI interaction (xAPI 2.0 Data 2.4.4.1) and what an evaluated answer to it says. */
export interface InteractionMapping<E> {
  definition(question: E, options: InteractionOptions): ActivityDefinition;
  /** The result of an evaluated answer from the question's saved fields. */
  result(question: E, fields: SavedFields, options: InteractionOptions): Result;
}

/** What the server reads of a kind (search, answer keys, learning records); never part of the client's code. */
/**
 * The checks of the accessibility report (model/accessibility/report.ts) a kind asks for its element;
 * `field` is the path of the field inside the element. docs/accessibility.md says what each decides.
 */
export interface A11yChecks {
  /** A heading of `level` (1–6) and its text: it may go at most one level deeper than the one before. */
  heading(level: number, text: string, field: string): void;
  /** An image's text for screen readers (missing, or a placeholder such as its file name). */
  imageText(text: string | undefined, file: string, field: string): void;
  /** An image of the content schema: its alt, else its asset's license title; `prefix` leads the field `alt`. */
  image(image: Image, prefix: string): void;
  /** The name of a link to `href` (empty, the bare URL, or vague). */
  linkName(name: string, href: string, field: string): void;
  /** A problem the kind found itself. */
  report(problem: A11yProblem, field: string, values: Record<string, string>): void;
}

/** What the accessibility report reads of an element of the kind, in reading order: its checks, its html, the texts of its exercise. */
export type KindAccessibility<E> = {
  /** The kind's own checks (headings, images, link names, embed titles). */
  readonly check?: (element: E, checks: A11yChecks) => void;
  /** Its html fields, field → html (checked for images, headings, link names and captions); blank and absent ones are skipped. */
  readonly htmlFields?: (element: E) => readonly (readonly [string, string | undefined])[];
  /** Its html is the heading itself: headings inside it are not checked again. */
  readonly htmlIsHeading?: true;
  /** The texts a learner reads to answer it, field → plain text (checked for references by colour only). */
  readonly exerciseTexts?: (element: E) => readonly (readonly [string, string])[];
  /** A page of its own (a chapter): its content's headings start again under this title, which its findings name. */
  readonly pageTitle?: (element: E) => string;
};

/** One mistake of a wrong answer; a cloze names its gap (1-based) so each gap has its own ranking. */
export type Mistake = { answer: string; gap: number | null };

/**
 * How the results read a saved answer (docs/results.md): whether it is right (the kind's own rule)
 * and, when wrong, what a teacher reads as its mistakes.
 */
export interface AnswerReading<E> {
  /** The learner-state field that holds the answer. */
  readonly field: 'selected' | 'inputs' | 'assignedItemIds' | 'points';
  readonly read: (element: E, saved: unknown) => { right: boolean; mistakes: Mistake[] };
}

/** Trimmed plain text of an html field, for a mistake's answer. */
export const plainAnswer = (html: string | undefined): string => htmlToPlainText(html ?? '').trim();

/** The module of the question texts (i18n/resources/questions.ts), which the views of question-like kinds load with their component. */
export const QUESTION_TEXTS_MODULE = 'i18n/resources/questions.ts';

export type KindIndexing<E> = {
  /**
   * The modules (paths from the repository root, as the build's manifest names them) a lazily loaded
   * view loads before it renders: its component's module (src/elements/registry.ts), the parts it
   * loads itself (KaTeX, highlighting) and the question texts. The server names their chunks in a
   * share's page as modulepreload links (server/pages/routePreloads.ts). None: the view is part of the
   * first route. tests/elements/kindModules.test.ts holds these to the registry's imports.
   */
  readonly viewModules?: readonly string[];
  readonly search: (element: E) => SearchTexts;
  /** Lists it holds that the full-text search reads beyond its children (a gallery's images, whose captions are searched). */
  readonly searchedLists?: (element: E) => readonly (readonly ContentElement[])[];
  /** Its `url` field is a link or embed a learner follows: a share that holds it answers the embed-metadata lookup of that URL. */
  readonly linksUrl?: true;
  /** A container the viewer scrolls to instead of the element inside it (spec section 2, full-text search). */
  readonly anchorsSearch?: true;
  /**
   * What decides whether an answer is right (issue 24: a publication that changes it resets the
   * learners' answers): wording, feedback and display settings are not part of it.
   */
  readonly answerKey?: (model: StoredModel) => unknown;
  /** How it is an xAPI interaction when answered (a question kind; server/xapi/). */
  readonly interaction?: InteractionMapping<E>;
  /** How the results read a saved answer of it (a question kind with right answers; server/results/). */
  readonly answerReading?: AnswerReading<E>;
  /** What the accessibility report checks of it (none: nothing beyond its children). */
  readonly accessibility?: KindAccessibility<E>;
};
