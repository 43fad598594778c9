import type { AssignmentQuestion, ChoiceQuestion, ClozeQuestion, ContentElement, ElementOf, FreeTextInput, ModelName, PolygonTargetExercise } from '../../model/elements';
import { isAssignmentCorrect, allItems, type Assignments } from '../../src/kinds/assignment/assignment.model';
import { isChoiceQuestionCorrect } from '../../src/kinds/choice/choice.model';
import { gapsOf, isClozeCorrect } from '../../src/kinds/cloze/cloze.model';
import { isPolygonExerciseCorrect, type Point } from '../../src/kinds/polygon/polygon.model';
import { htmlToPlainText } from '../store/searchText';
import type { ActivityDefinition, InteractionComponent, LanguageMap, Result } from './statement';

/*
 * How each question kind is an xAPI interaction (xAPI 2.0 Data 2.4.4.1): its definition (interaction
 * type, components, correct responses) and what an evaluated answer says (response, success,
 * score). One entry per element kind (null: no question): a new kind fails to compile here until
 * it is decided.
 */

export interface InteractionOptions {
  language: string;
  /** Whether free-text answers may leave (XAPI_SEND_FREE_TEXT). */
  sendFreeText: boolean;
}

interface InteractionMapping<K extends ModelName> {
  definition(question: ElementOf<K>, options: InteractionOptions): ActivityDefinition;
  /** The result of an evaluated answer from the question's saved fields. */
  result(question: ElementOf<K>, fields: Record<string, unknown>, options: InteractionOptions): Result;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const isPoint = (value: unknown): value is Point =>
  typeof value === 'object' && value !== null && typeof (value as Point).x === 'number' && typeof (value as Point).y === 'number';
const list = (items: readonly string[]) => items.join('[,]');
const text = (language: string, value: string): LanguageMap | undefined => (value ? { [language]: value } : undefined);
/** A right-or-wrong question scores 1 or 0 of 1. */
const rightOrWrong = (success: boolean): Result => ({ success, completion: true, score: { scaled: success ? 1 : 0, raw: success ? 1 : 0, min: 0, max: 1 } });
/** Most correct responses listed for a cloze (each gap's correct solutions multiply). */
const MAX_PATTERNS = 64;

function assignmentsOf(value: unknown): Assignments {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([zone, ids]) => [zone, strings(ids)]));
}

/** Every combination of one correct solution per gap, up to MAX_PATTERNS (then the first solutions only). */
function clozePatterns(question: ClozeQuestion): string[] {
  let patterns: string[][] = [[]];
  for (const gap of gapsOf(question.content)) {
    const solutions = [...new Set(gap.solutions.filter((s) => s.correct).map((s) => s.text.trim()))];
    patterns = patterns.flatMap((pattern) => solutions.map((solution) => [...pattern, solution]));
    if (patterns.length > MAX_PATTERNS) patterns = [patterns[0]];
  }
  return patterns.map((pattern) => `{case_matters=false}${list(pattern)}`);
}

const choice: InteractionMapping<'ChoiceQuestion'> = {
  definition: (question: ChoiceQuestion, { language }) => ({
    interactionType: 'choice',
    choices: question.choices.map((c): InteractionComponent => ({ id: c.id, description: text(language, htmlToPlainText(c.text)) })),
    correctResponsesPattern: [list(question.choices.filter((c) => c.correct).map((c) => c.id))],
  }),
  result: (question, fields) => {
    const selected = strings(fields.selected);
    return { ...rightOrWrong(isChoiceQuestionCorrect(question.choices, selected)), response: list(question.choices.filter((c) => selected.includes(c.id)).map((c) => c.id)) };
  },
};

const cloze: InteractionMapping<'ClozeQuestion'> = {
  definition: (question) => ({ interactionType: 'fill-in', correctResponsesPattern: clozePatterns(question) }),
  result: (question, fields) => {
    const inputs = strings(fields.inputs);
    const gaps = gapsOf(question.content);
    return { ...rightOrWrong(isClozeCorrect(gaps, inputs)), response: list(gaps.map((_, i) => (inputs[i] ?? '').trim())) };
  },
};

const assignment: InteractionMapping<'AssignmentQuestion'> = {
  definition: (question: AssignmentQuestion, { language }) => ({
    interactionType: 'matching',
    source: allItems(question).map((item): InteractionComponent => ({ id: item.id, description: text(language, item.text ?? '') })),
    target: question.zones.map((zone): InteractionComponent => ({ id: zone.id, description: text(language, zone.title) })),
    correctResponsesPattern: [list(question.zones.flatMap((zone) => zone.items.map((item) => `${item.id}[.]${zone.id}`)))],
  }),
  result: (question, fields) => {
    const assignments = assignmentsOf(fields.assignedItemIds);
    const pairs = question.zones.flatMap((zone) => (assignments[zone.id] ?? []).map((item) => `${item}[.]${zone.id}`));
    return { ...rightOrWrong(isAssignmentCorrect(question.zones, assignments)), response: list(pairs) };
  },
};

const polygon: InteractionMapping<'PolygonTargetExercise'> = {
  // The marks are points on the image: no response pattern can list the right ones.
  definition: () => ({ interactionType: 'other' }),
  result: (question: PolygonTargetExercise, fields) => {
    const marks = Array.isArray(fields.points) ? fields.points.filter(isPoint) : [];
    return { ...rightOrWrong(isPolygonExerciseCorrect(marks, question.polygons)), response: list(marks.map((p) => `${p.x.toFixed(4)},${p.y.toFixed(4)}`)) };
  },
};

const freeText: InteractionMapping<'FreeTextInput'> = {
  // Any answer is right (no correctResponsesPattern) and none scores.
  definition: () => ({ interactionType: 'long-fill-in' }),
  result: (_question: FreeTextInput, fields, { sendFreeText }) => ({
    completion: true,
    ...(sendFreeText && typeof fields.value === 'string' ? { response: fields.value } : {}),
  }),
};

export const INTERACTIONS: { readonly [K in ModelName]: InteractionMapping<K> | null } = {
  ChoiceQuestion: choice,
  ClozeQuestion: cloze,
  AssignmentQuestion: assignment,
  PolygonTargetExercise: polygon,
  FreeTextInput: freeText,
  Text: null,
  Heading: null,
  MathFormula: null,
  Quote: null,
  Separator: null,
  Image: null,
  ImageGallery: null,
  Link: null,
  HtmlElement: null,
  Code: null,
  Hotspot: null,
  Barrier: null,
  Certificate: null,
  IFrame: null,
  Columns: null,
  HighlightedElement: null,
  Foldable: null,
  Chapter: null,
  Path: null,
};

/** The interaction definition and result of an evaluated question; null for an element that is none. */
export function interactionOf(element: ContentElement, fields: Record<string, unknown>, options: InteractionOptions): { definition: ActivityDefinition; result: Result } | null {
  const mapping = INTERACTIONS[element.modelName] as InteractionMapping<ModelName> | null;
  if (!mapping) return null;
  return { definition: mapping.definition(element as ElementOf<ModelName>, options), result: mapping.result(element as ElementOf<ModelName>, fields, options) };
}
