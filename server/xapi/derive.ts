import type { Chapter, ContentElement } from '../../model/elements';
import { progressOf, type LearnerState } from '../../model/learnerState';
import type { Material } from '../../model/material';
import { elementProgress } from '../../model/progressTree';
import { childListsOf } from '../../model/tree';
import { elementLabelText } from '../../src/kinds/indexing';
import { learnerAccountName, registrationOf, statementIdOf, type LearnerIdentity } from './ids';
import { interactionOf } from './interactions';
import { ACTIVITY_TYPES, PLATFORM, PROGRESS_EXTENSION, VERBS, type Activity, type Result, type Statement, type Verb } from './statement';

/*
 * The statements one stored tracked change leads to (docs/xapi.md), as a pure function of what the
 * server knows when it stores the change: the same input gives the same statements, ids and all.
 */

export interface DerivationInput {
  /** The installation's secret (./secret.ts): learner keys, registrations and statement ids. */
  secret: string;
  origin: string;
  language: string;
  sendFreeText: boolean;
  shareId: string;
  /** The collection a collection share opens (the material's grouping), null on a material share. */
  collection: { id: string; title: string } | null;
  learner: { identity: LearnerIdentity; name: string };
  material: Material;
  event: { id: string; modelId: string; field: string; value: unknown; at: number };
  /** When the server received the change (ms): a timestamp is never later (xAPI: no future timestamps). */
  receivedAt: number;
  /** The learner's state on the share before the change and with it. */
  before: LearnerState;
  after: LearnerState;
}

type Placed = { element: ContentElement; chapters: readonly Chapter[] };
const indexes = new WeakMap<Material, Map<string, Placed>>();

/** Every element of a material by id, with the chapters around it (outermost first). */
function indexOf(material: Material): Map<string, Placed> {
  let index = indexes.get(material);
  if (index) return index;
  index = new Map();
  const visit = (list: readonly ContentElement[], chapters: readonly Chapter[]) => {
    for (const element of list) {
      (index as Map<string, Placed>).set(element.id, { element, chapters });
      const inner = element.modelName === 'Chapter' ? [...chapters, element] : chapters;
      for (const child of childListsOf(element)) visit(child, inner);
    }
  };
  visit(material.content, []);
  indexes.set(material, index);
  return index;
}

/** The registration and account name of a learner on a share, kept for the next changes (two HMACs less per change). */
const learnerIds = new Map<string, { registration: string; accountName: string }>();
const LEARNER_IDS_KEPT = 10_000;
function learnerIdsOf(secret: string, shareId: string, identity: LearnerIdentity) {
  const key = `${secret}\n${shareId}\n${identity}`;
  let ids = learnerIds.get(key);
  if (!ids) {
    if (learnerIds.size >= LEARNER_IDS_KEPT) learnerIds.clear();
    ids = { registration: registrationOf(secret, shareId, identity), accountName: learnerAccountName(secret, identity) };
    learnerIds.set(key, ids);
  }
  return ids;
}

const labels = new WeakMap<ContentElement, string>();
/** An element's label as text (sanitising its HTML once per loaded material). */
function labelOf(element: ContentElement): string {
  let label = labels.get(element);
  if (label === undefined) {
    label = elementLabelText(element);
    labels.set(element, label);
  }
  return label;
}

const percent = (progress: number) => Math.max(0, Math.min(100, Math.floor(progress * 100 + 1e-9)));

export function deriveStatements(input: DerivationInput): Statement[] {
  const { material, event, language } = input;
  const placed = indexOf(material).get(event.modelId);
  if (!placed && event.modelId !== material.id) return [];
  const base = `${input.origin}/xapi/activities/${material.id}`;
  const name = (title: string) => (title ? { name: { [language]: title } } : {});
  const materialActivity: Activity = { objectType: 'Activity', id: base, definition: { type: ACTIVITY_TYPES.course, ...name(material.title) } };
  const collectionActivity: Activity | null = input.collection
    ? { objectType: 'Activity', id: `${input.origin}/xapi/activities/${input.collection.id}`, definition: name(input.collection.title) }
    : null;
  const chapterActivity = (chapter: Chapter): Activity => ({
    objectType: 'Activity',
    id: `${base}/${chapter.id}`,
    definition: { type: ACTIVITY_TYPES.module, ...name(chapter.title) },
  });
  const timestamp = new Date(Math.min(event.at, input.receivedAt)).toISOString();
  const { registration, accountName } = learnerIdsOf(input.secret, input.shareId, input.learner.identity);
  const actor = {
    objectType: 'Agent' as const,
    ...(input.learner.name ? { name: input.learner.name } : {}),
    account: { homePage: input.origin, name: accountName },
  };

  const statements: Statement[] = [];
  /** `chapters`: those around the object, outermost first; the innermost is its parent, the material and collection its grouping. */
  const add = (verb: Verb, object: Activity, chapters: readonly Chapter[], result?: Result) => {
    const parent = chapters.length ? chapterActivity(chapters[chapters.length - 1]) : object.id === base ? collectionActivity : materialActivity;
    const grouping = [...(object.id === base ? [] : [materialActivity]), ...(collectionActivity && parent !== collectionActivity ? [collectionActivity] : [])];
    statements.push({
      id: statementIdOf(input.secret, input.shareId, input.learner.identity, event.id, `${verb} ${object.id}`),
      actor,
      verb: { id: VERBS[verb], display: { en: verb } },
      object,
      ...(result ? { result } : {}),
      context: {
        registration,
        platform: PLATFORM,
        language,
        contextActivities: { ...(parent ? { parent: [parent] } : {}), ...(grouping.length ? { grouping } : {}) },
      },
      timestamp,
    });
  };

  const element = placed?.element;
  // An evaluated question: answered, with the answer it was evaluated with.
  if (element && event.field === 'evaluated' && event.value === true) {
    const interaction = interactionOf(element, input.after[element.id] ?? {}, input);
    if (interaction) {
      const label = labelOf(element);
      const object: Activity = {
        objectType: 'Activity',
        id: `${base}/${element.id}`,
        definition: { type: ACTIVITY_TYPES.interaction, ...name(label), ...interaction.definition },
      };
      add('answered', object, placed.chapters, interaction.result);
    }
  }

  const before = progressOf(input.before);
  const after = progressOf(input.after);
  // An external resource opened, or a path step completed: experienced once it counts as done.
  if (element && event.field === 'progress' && (element.modelName === 'IFrame' || (element.modelName === 'Chapter' && element.pathEvaluationType))) {
    if ((after[element.id] ?? 0) >= 1 && (before[element.id] ?? 0) < 1) {
      const type = element.modelName === 'IFrame' ? ACTIVITY_TYPES.link : ACTIVITY_TYPES.module;
      add('experienced', { objectType: 'Activity', id: `${base}/${element.id}`, definition: { type, ...name(element.title) } }, placed.chapters);
    }
  }

  // The chapters around the change (the innermost first), then the material: progressed as the whole percent rises, completed at 1.
  const around = placed ? [...placed.chapters, ...(element?.modelName === 'Chapter' ? [element] : [])].reverse() : [];
  for (const [index, chapter] of around.entries()) {
    const outer = around.slice(index + 1).reverse();
    progression(chapterActivity(chapter), outer, elementProgress(chapter, before), elementProgress(chapter, after));
  }
  progression(materialActivity, [], elementProgress(material, before), elementProgress(material, after));
  return statements;

  function progression(object: Activity, chapters: readonly Chapter[], from: number, to: number) {
    if (to >= 1 && from < 1) add('completed', object, chapters, { completion: true, extensions: { [PROGRESS_EXTENSION]: 100 } });
    else if (to < 1 && percent(to) > percent(from)) add('progressed', object, chapters, { extensions: { [PROGRESS_EXTENSION]: percent(to) } });
  }
}
