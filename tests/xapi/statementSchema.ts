/**
 * The xAPI 2.0 statement (IEEE 9274.1.1, xAPI-Data section 2 and 4; the rules ADL's LRS conformance
 * suite checks in test/v2_0) as a Learning Record Provider sends it: written here from the standard
 * because the npm validators implement 1.0.x. Objects are strict (an LRS rejects unknown properties);
 * `stored` and `authority` are the LRS's to set and must not be sent.
 */
import { z } from 'zod';

/** An absolute IRI: a scheme, then no whitespace (xAPI-Data 4.2: IRIs are absolute). */
const Iri = z.string().regex(/^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>"{}|\\^`]+$/, 'an absolute IRI');
/** An IRL: an IRI that resolves (http or https). */
const Irl = Iri.refine((text) => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, 'an absolute http(s) IRL');
/** A UUID in standard string form, of RFC 4122's variant (xAPI-Data 2.4.1). */
const Uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i, 'a UUID of RFC 4122 in standard form');
/** RFC 5646 language tag (the shape: primary language, then subtags). */
const LanguageTag = z.string().regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, 'an RFC 5646 language tag');
const LanguageMap = z.record(LanguageTag, z.string()).refine((map) => Object.keys(map).length > 0, 'a language map with at least one entry');
/**
 * An RFC 3339 timestamp with its time zone (xAPI-Data 4.5: ISO 8601, SHOULD* RFC 3339 with the zone;
 * the conformance suite rejects the offsets -00, -0000 and -00:00), naming a real moment.
 */
export const Timestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, 'an RFC 3339 date-time with a time zone')
  .refine((text) => !text.endsWith('-00:00'), 'the unknown-offset -00:00 is not a time zone')
  .refine((text) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(text);
    if (!match) return false;
    const [, y, mo, d, h, mi, s] = match.map(Number);
    const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
    return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 61 && Number.isFinite(Date.parse(text));
  }, 'a date and time that exist');
/** ISO 8601 duration in the basic format (xAPI-Data 4.6). */
const Duration = z.string().regex(/^P(?!$)(\d+(\.\d+)?Y)?(\d+(\.\d+)?M)?(\d+(\.\d+)?W)?(\d+(\.\d+)?D)?(T(?=\d)(\d+(\.\d+)?H)?(\d+(\.\d+)?M)?(\d+(\.\d+)?S)?)?$/);
/** Extension keys are IRIs (xAPI-Data 2.4.5, 2.4.6: extensions). */
const Extensions = z.record(Iri, z.unknown());

const Account = z.strictObject({ homePage: Irl, name: z.string().min(1) });
/** An Agent: exactly one inverse functional identifier (xAPI-Data 2.4.2.1, 2.4.2.3). */
const Agent = z
  .strictObject({
    objectType: z.literal('Agent').optional(),
    name: z.string().optional(),
    mbox: z.string().regex(/^mailto:[^@\s]+@[^@\s]+$/).optional(),
    mbox_sha1sum: z.string().regex(/^[0-9a-f]{40}$/i).optional(),
    openid: Iri.optional(),
    account: Account.optional(),
  })
  .refine((agent) => ['mbox', 'mbox_sha1sum', 'openid', 'account'].filter((k) => k in agent).length === 1, 'an Agent has exactly one identifier');

/** Interaction components: ids distinct within a list and without whitespace (xAPI-Data 2.4.4.1 s16). */
const Components = z
  .array(z.strictObject({ id: z.string().min(1).regex(/^\S+$/, 'an interaction component id without whitespace'), description: LanguageMap.optional() }))
  .refine((list) => new Set(list.map((c) => c.id)).size === list.length, 'interaction component ids are distinct');

const COMPONENT_LISTS: Record<string, readonly string[]> = {
  'true-false': [],
  choice: ['choices'],
  'fill-in': [],
  'long-fill-in': [],
  matching: ['source', 'target'],
  performance: ['steps'],
  sequencing: ['choices'],
  likert: ['scale'],
  numeric: [],
  other: [],
};
const LISTS = ['choices', 'scale', 'source', 'target', 'steps'] as const;

const ActivityDefinition = z
  .strictObject({
    name: LanguageMap.optional(),
    description: LanguageMap.optional(),
    type: Iri.optional(),
    moreInfo: Irl.optional(),
    extensions: Extensions.optional(),
    interactionType: z.enum(Object.keys(COMPONENT_LISTS) as [string, ...string[]]).optional(),
    correctResponsesPattern: z.array(z.string()).optional(),
    choices: Components.optional(),
    scale: Components.optional(),
    source: Components.optional(),
    target: Components.optional(),
    steps: Components.optional(),
  })
  .superRefine((definition, ctx) => {
    const allowed = definition.interactionType ? COMPONENT_LISTS[definition.interactionType] : [];
    for (const list of LISTS) {
      if (definition[list] !== undefined && !allowed.includes(list)) ctx.addIssue({ code: 'custom', path: [list], message: `no ${list} on a ${definition.interactionType ?? 'non-interaction'} activity` });
    }
    if (definition.correctResponsesPattern && !definition.interactionType) ctx.addIssue({ code: 'custom', path: ['correctResponsesPattern'], message: 'a response pattern needs an interactionType' });
    // Choice and matching patterns name component ids only (xAPI-Data 2.4.4.1 s10).
    const ids = (list: 'choices' | 'source' | 'target') => new Set((definition[list] ?? []).map((c) => c.id));
    for (const [i, pattern] of (definition.correctResponsesPattern ?? []).entries()) {
      if (definition.interactionType === 'choice' && pattern && !pattern.split('[,]').every((id) => ids('choices').has(id))) {
        ctx.addIssue({ code: 'custom', path: ['correctResponsesPattern', i], message: 'a choice pattern names choice ids' });
      }
      if (definition.interactionType === 'matching' && pattern) {
        const ok = pattern.split('[,]').every((pair) => {
          const [source, target, extra] = pair.split('[.]');
          return extra === undefined && ids('source').has(source) && ids('target').has(target);
        });
        if (!ok) ctx.addIssue({ code: 'custom', path: ['correctResponsesPattern', i], message: 'a matching pattern pairs source and target ids' });
      }
    }
  });

const Activity = z.strictObject({ objectType: z.literal('Activity').optional(), id: Iri, definition: ActivityDefinition.optional() });

/** The score (xAPI-Data 2.4.5.1): scaled within −1..1, min below max, raw within them. */
const Score = z
  .strictObject({ scaled: z.number().min(-1).max(1).optional(), raw: z.number().optional(), min: z.number().optional(), max: z.number().optional() })
  .refine((s) => s.min === undefined || s.max === undefined || s.min < s.max, 'min is less than max')
  .refine((s) => s.raw === undefined || ((s.min === undefined || s.raw >= s.min) && (s.max === undefined || s.raw <= s.max)), 'raw lies within min and max');

const Result = z.strictObject({
  score: Score.optional(),
  success: z.boolean().optional(),
  completion: z.boolean().optional(),
  response: z.string().optional(),
  duration: Duration.optional(),
  extensions: Extensions.optional(),
});

/** Context activities are arrays of Activities in what a provider sends (2.0 normalises single ones; this product never sends them). */
const ContextActivities = z.strictObject({
  parent: z.array(Activity).optional(),
  grouping: z.array(Activity).optional(),
  category: z.array(Activity).optional(),
  other: z.array(Activity).optional(),
});

const Context = z.strictObject({
  registration: Uuid.optional(),
  instructor: Agent.optional(),
  contextActivities: ContextActivities.optional(),
  revision: z.string().optional(),
  platform: z.string().optional(),
  language: LanguageTag.optional(),
  statement: z.strictObject({ objectType: z.literal('StatementRef'), id: Uuid }).optional(),
  extensions: Extensions.optional(),
});

const Verb = z.strictObject({ id: Iri, display: LanguageMap.optional() });

/** A statement as this product sends it: Agent actor, Activity object (the only kinds it emits). */
export const XapiStatement = z.strictObject({
  id: Uuid,
  actor: Agent,
  verb: Verb,
  object: Activity,
  result: Result.optional(),
  context: Context.optional(),
  timestamp: Timestamp.optional(),
  version: z.string().regex(/^2\.0\.\d+$/).optional(),
});

/** The problems of a statement against the xAPI 2.0 rules ([] when none), as `path: message`. */
export function statementProblems(statement: unknown): string[] {
  const parsed = XapiStatement.safeParse(statement);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}
