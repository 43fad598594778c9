import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOTATION_OFFSET_MAX } from '../../model/annotation';
import { RICH_TEXT_LIMITS, type RichTextDoc } from '../../model/richTextDoc';
import { API_BODY_LIMIT_BYTES, GuestSessionId } from '../../model/tracking';
import { ApiErrorBody } from '../../server/http/errors';
import { MAX_JSON_DEPTH } from '../../server/http/storableJson';
import { parseDsn } from '../../server/errorReporting/dsn';
import { ErrorReporter } from '../../server/errorReporting/errorReporter';
import { importFile } from '../../server/store/import';
import { useTestApp } from '../server/app';
import { testDatabaseKinds, useTestDatabase } from '../server/databases';
import { richMaterial } from '../server/fixtures';
import { countRows, event } from '../server/learners';
import { countedRequests, databaseFingerprint } from './countedRequests';

/*
 * Issue 14: input an attacker (or a broken client) sends costs nothing. Each case named in the
 * issue: the request is refused with a 400 that names the field, nothing is written, and nothing
 * answers 5xx. The suite prints what it tried. Annotations and comments (issue 12) are in it too:
 * their calls take every bad body, wrong types in every field, and hostile rich-text documents in
 * every write (a new note, a note update, a new comment, a comment update), which are refused at
 * their path or stored cleaned (normalised, html made from the structure alone), never as sent.
 */

const ADMIN_TOKEN = 'a-test-token-of-this-server-start';
const NUL = '\u0000';
const LONE_HIGH = '\uD800';
const LONE_LOW = '\uDC00';

/** A JSON text with `value` nested `depth` arrays deep (JSON.stringify itself overflows on such values). */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;

describe.each(testDatabaseKinds)('hostile input on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db, {
    adminToken: ADMIN_TOKEN,
    featureFlags: { FULLTEXT_SEARCH: true, ANNOTATION_COMMENTS: true, USE_GRAVATAR: false, PRIVATE_MODE: false, GENERATIVE_FEEDBACK: false, ERROR_REPORTING: false },
    // Error reporting on, so that its route reads the bodies sent to it (a report that passes would go nowhere: none does here).
    errorReporter: new ErrorReporter({ dsn: parseDsn('http://key@127.0.0.1:9/1'), release: 'r', environment: 'e', serverName: 's', warn: () => undefined }),
  });
  let share = '';
  const { counts, send: inject } = countedRequests(() => a.app);
  const send = (method: 'GET' | 'POST', url: string, payload?: string) =>
    inject({ method, url, payload, headers: payload === undefined ? {} : { 'content-type': 'application/json' } });
  const errors = (res: { json: () => unknown }) => ApiErrorBody.parse(res.json()).errors;
  const newGuest = async () => {
    const res = await send('POST', '/api/guest', JSON.stringify({ name: 'Grace Hopper', publicId: share }));
    expect(res.statusCode).toBe(200);
    return GuestSessionId.parse(res.json().data.publicId);
  };
  const answer = (guestSessionId: string, value: unknown) => event({ shareId: share, id: 'm-rich-q1', modelName: 'ChoiceQuestion', guestSessionId }, { value });

  beforeAll(async () => {
    share = (await importFile(t.db, richMaterial, { share: 'guest' })).share.publicId;
  });
  afterAll(() => {
    console.log(`hostile input on ${kind}: ${counts.tried} tried, ${counts.refused} refused, ${counts.serverErrors} × 5xx`);
  });

  it.each([5_000, 15_000])('an answer nested %i levels deep is refused at its path, not a stack overflow', async (depth) => {
    const guest = await newGuest();
    const before = await countRows(t.db, 'userdata_events');
    const body = JSON.stringify({ events: [answer(guest, '§')] }).replace('"§"', nestedArrays(depth));
    const res = await send('POST', '/api/userdata', body);
    expect(res.statusCode).toBe(400);
    expect(errors(res)).toEqual([{ path: `events[0].data.value${'[0]'.repeat(MAX_JSON_DEPTH - 4)}`, message: `nested deeper than ${MAX_JSON_DEPTH} levels` }]);
    expect(await countRows(t.db, 'userdata_events')).toBe(before);
  });

  it('a value nested as deep as allowed is taken', async () => {
    const guest = await newGuest();
    // body (1) › events (2) › event (3) › data (4) › value: arrays up to level 32.
    const body = JSON.stringify({ events: [answer(guest, '§')] }).replace('"§"', nestedArrays(MAX_JSON_DEPTH - 4));
    expect((await send('POST', '/api/userdata', body)).statusCode).toBe(200);
  });

  it.each([
    ['NUL', NUL, 'must not contain the NUL character (U+0000)'],
    ['a lone high surrogate', LONE_HIGH, 'must not contain a lone surrogate (U+D800 to U+DFFF without its pair)'],
    ['a lone low surrogate', LONE_LOW, 'must not contain a lone surrogate (U+D800 to U+DFFF without its pair)'],
  ])('%s in a guest name, a rename or an answer is refused with the field named, and nothing changes', async (_what, bad, message) => {
    const guests = await countRows(t.db, 'guest_sessions');
    const created = await send('POST', '/api/guest', JSON.stringify({ name: `Grace${bad}Hopper`, publicId: share }));
    expect(created.statusCode).toBe(400);
    expect(errors(created)).toEqual([{ path: 'name', message }]);
    expect(await countRows(t.db, 'guest_sessions')).toBe(guests);

    const guest = await newGuest();
    const renamed = await send('POST', '/api/share/guest-session', JSON.stringify({ name: `Ada${bad}`, publicId: guest }));
    expect(renamed.statusCode).toBe(400);
    expect(errors(renamed)).toEqual([{ path: 'name', message }]);
    expect(await t.db.query('SELECT name FROM guest_sessions WHERE public_id = $1', [guest])).toEqual([{ name: 'Grace Hopper' }]);

    const events = await countRows(t.db, 'userdata_events');
    const answered = await send('POST', '/api/userdata', JSON.stringify({ events: [answer(guest, `Kies${bad}`)] }));
    expect(answered.statusCode).toBe(400);
    expect(errors(answered)).toEqual([{ path: 'events[0].data.value', message }]);
    const keyed = await send('POST', '/api/userdata', JSON.stringify({ events: [answer(guest, { [`k${bad}`]: 1 })] }));
    expect(keyed.statusCode).toBe(400);
    expect(errors(keyed)).toEqual([{ path: `events[0].data.value.k${bad}`, message: `its name ${message}` }]);
    expect(await countRows(t.db, 'userdata_events')).toBe(events);
  });

  it('text with surrogate pairs and every other character is taken and comes back exactly', async () => {
    const guest = await newGuest();
    const text = 'Grüße 🌧️💧 \u200B\uFEFF « » \t tab \\ "quote" </script>';
    const res = await send('POST', '/api/userdata', JSON.stringify({ events: [answer(guest, text)] }));
    expect(res.statusCode).toBe(200);
    const list = await send('POST', '/api/userdata/list', JSON.stringify({ shareId: share, guestSessionId: guest }));
    expect(list.json().data.events.map((e: { value: unknown }) => e.value)).toEqual([text]);
  });

  it.each([
    '../../../../etc/passwd', '..%2F..%2F..%2Fetc%2Fpasswd', '%2e%2e/%2e%2e/etc/passwd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%5C..%5Cetc%5Cpasswd',
    '....//....//etc/passwd', '%252e%252e%252fetc%252fpasswd', '..%c0%af..%c0%afetc%c0%afpasswd', '/etc/passwd', '%2Fetc%2Fpasswd',
  ])('path traversal %s on assets reaches no file outside them', async (spelling) => {
    for (const url of [`/api/assets/img-1400/${spelling}`, `/app/assets/${spelling}`, `/app/${spelling}`]) {
      const res = await send('GET', url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('root:');
    }
  });

  it('NUL in an address (path or query) is a 400, not a database error', async () => {
    for (const url of [`/api/material/${share}/m-rich%00`, `/s/${share}%00/`, `/api/health?x=%00`, `/app/assets/%00.js`]) {
      const res = await send('GET', url);
      expect(res.statusCode, url).toBe(400);
    }
    expect(counts.serverErrors).toBe(0);
  });

  /** Every route that takes a body (the admin ones with their token: a body must be refused on its merits, not for want of a token). */
  const POST_ROUTES = [
    '/api/userdata', '/api/userdata/list', '/api/updateRootProgress', '/api/guest', '/api/guest/forget', '/api/share/guest-session',
    '/api/model/query', '/api/collectionMaterial', '/api/taskbase/feedback/', '/auth/login', '/api/admin/import', '/api/admin/users',
    '/api/annotations', '/api/model/create', '/api/model/update', '/api/model/delete', '/api/client-errors', '/api/invite',
    '/api/searchFulltext', '/api/search/materials', '/api/search/collection/c-x/materials', '/api/search/materials/fulltext', '/api/search',
    '/api/shares/s-x/certificates', '/api/admin/certificates/ABCDEFGHJKMN/revoke',
  ];
  /** Routes whose whole call may be an empty object (every field has a default, or there is no body): every other bad body is refused. */
  const EMPTY_OBJECT_ROUTES = ['/api/search/collections', '/api/features/clear'];
  const BAD_BODIES: [string, string, string][] = [
    ['null', 'null', 'application/json'],
    ['an array', '[]', 'application/json'],
    ['a string', '"x"', 'application/json'],
    ['a number', '42', 'application/json'],
    ['an empty object', '{}', 'application/json'],
    ['broken JSON', '{"events":', 'application/json'],
    ['no body', '', 'application/json'],
    ['__proto__ and constructor keys', '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}', 'application/json'],
    ['an unknown charset', '{}', 'application/json; charset=ebcdic'],
    ['a form', 'events=1', 'application/x-www-form-urlencoded'],
    ['multipart', '--x\r\nContent-Disposition: form-data; name="events"\r\n\r\n1\r\n--x--', 'multipart/form-data; boundary=x'],
    ['XML', '<events/>', 'application/xml'],
    ['text that is no JSON', 'hello', 'text/plain'],
    ['2 MB of JSON', JSON.stringify({ events: 'x'.repeat(2_000_000) }), 'application/json'],
  ];

  it.each(BAD_BODIES)('%s on every route that takes a body is a 4xx, and nothing is written', async (_what, payload, type) => {
    const before = await databaseFingerprint(t.db);
    for (const url of [...POST_ROUTES, ...(payload === '{}' ? [] : EMPTY_OBJECT_ROUTES)]) {
      const res = await inject({ method: 'POST', url, payload, headers: { 'content-type': type, authorization: `Bearer ${ADMIN_TOKEN}` } });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toMatch(/\bat .+\.(?:ts|js):\d+/);
    }
    expect(await databaseFingerprint(t.db)).toBe(before);
  });

  it('odd and oversized request headers never answer 5xx', async () => {
    const HEADERS: Record<string, string>[] = [
      { cookie: '%%%;;=;lernwerk_session' },
      { cookie: `lernwerk_session=${'a'.repeat(6000)}; lernwerk_guest=${'b'.repeat(6000)}` },
      { cookie: `lernwerk_guest=${NUL}` },
      { 'accept-encoding': 'br;q=abc, gzip;q=-1, *;q=2' },
      { 'accept-language': ';;;q=x,,' },
      { 'if-none-match': '"' },
      { 'if-modified-since': 'yesterday' },
      { range: 'bytes=999999-1' },
      { 'x-forwarded-for': 'not-an-ip' },
      { forwarded: 'for=";' },
      { authorization: `Bearer ${'A'.repeat(10_000)}` },
      { 'content-type': 'application/json; charset=' },
    ];
    const urls = ['/', `/s/${share}/`, `/s/${share}/chapter-one`, `/api/material/${share}/m-rich`, '/api/health', '/api/admin/users', '/sw.js', '/app/favicon.svg', '/api/assets/img-1400/a.png'];
    for (const url of urls) {
      for (const headers of HEADERS) {
        const res = await inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers).slice(0, 60)}`).toBeLessThan(500);
      }
    }
  });

  describe('annotations and comments', () => {
    type Doc = Record<string, unknown>;
    let guest = '';
    /** The guest's annotation and comment the updates go to, as stored now. */
    const current = { annotationId: '', note: {} as RichTextDoc, commentId: '', content: {} as RichTextDoc };
    const post = (url: string, payload: unknown) => inject({ method: 'POST', url, payload: payload as object });
    const annotationBody = (model: Doc = {}, extra: Doc = {}) => ({
      model: { modelName: 'Annotation', text: 'Hello', from: 0, to: 5, reference: 'm-rich-text', metadata: { shareId: share, path: '', materialId: 'm-rich' }, ...model },
      relations: {},
      guestSessionId: guest,
      ...extra,
    });
    const commentBody = (content: unknown, extra: Doc = {}) => ({
      model: { modelName: 'Comment', content },
      relations: {},
      appendTo: { id: current.annotationId, modelName: 'Annotation', attribute: 'comments' },
      guestSessionId: guest,
      ...extra,
    });
    const noteUpdate = (note: unknown, oldNote: unknown = current.note) => ({ model: { id: current.annotationId, modelName: 'Annotation' }, newValues: { note }, oldValues: { note: oldNote }, guestSessionId: guest });
    const commentUpdate = (content: unknown, oldContent: unknown = current.content) => ({ model: { id: current.commentId, modelName: 'Comment' }, newValues: { content }, oldValues: { content: oldContent }, guestSessionId: guest });

    beforeAll(async () => {
      guest = await newGuest();
      const created = await post('/api/model/create', annotationBody({ note: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Mine' }] }] } }));
      expect(created.statusCode, created.body).toBe(200);
      Object.assign(current, { annotationId: created.json().data.id, note: created.json().data.note });
      const commented = await post('/api/model/create', commentBody({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'First' }] }] }));
      expect(commented.statusCode, commented.body).toBe(200);
      Object.assign(current, { commentId: commented.json().data.id, content: commented.json().data.content });
    });

    /** The four writes of a document, with the path its field has in each body. */
    const writes = (doc: unknown): [write: string, url: string, field: string, body: unknown][] => [
      ['a new note', '/api/model/create', 'model.note', annotationBody({ note: doc })],
      ['a note update', '/api/model/update', 'newValues.note', noteUpdate(doc)],
      ['a new comment', '/api/model/create', 'model.content', commentBody(doc)],
      ['a comment update', '/api/model/update', 'newValues.content', commentUpdate(doc)],
    ];

    const text = (value: string, marks?: unknown[]) => (marks ? { type: 'text', text: value, marks } : { type: 'text', text: value });
    const paragraphOf = (...inline: unknown[]) => ({ type: 'doc', content: [{ type: 'paragraph', content: inline }] });
    const linked = (href: string, attrs: Doc = {}) => paragraphOf(text('a link', [{ type: 'link', attrs: { href, ...attrs } }]));
    const nestedList = (depth: number): unknown =>
      depth === 0 ? { type: 'paragraph', content: [text('x')] } : { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph' }, nestedList(depth - 1)] }] };
    /** A document nested `depth` levels in JSON (the paragraph's content array nested in arrays). */
    const deepJson = (depth: number) => `{"type":"doc","content":[{"type":"paragraph","content":${nestedArrays(depth)}}]}`;
    const inline = '.content[0].content[0]';

    /** Documents the schema refuses, with where (after the field) the refusal points. */
    const REFUSED: [what: string, doc: unknown, at: string | RegExp][] = [
      ['a javascript: link', linked('javascript:alert(document.cookie)'), `${inline}.marks[0].attrs.href`],
      ['a javascript: link in capitals after spaces', linked('  JaVaScRiPt:alert(1)'), `${inline}.marks[0].attrs.href`],
      ['a javascript: link split by a tab', linked('java\tscript:alert(1)'), `${inline}.marks[0].attrs.href`],
      ['a data: link', linked('data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='), `${inline}.marks[0].attrs.href`],
      ['a vbscript: link', linked('vbscript:msgbox(1)'), `${inline}.marks[0].attrs.href`],
      ['a file: link', linked('file:///etc/passwd'), `${inline}.marks[0].attrs.href`],
      ['a link with an event handler attribute', linked('https://example.org', { onclick: 'alert(1)' }), `${inline}.marks[0].attrs.onclick`],
      ['a script node', { type: 'doc', content: [{ type: 'script', text: 'alert(1)' }] }, '.content[0].type'],
      ['an html node', { type: 'doc', content: [{ type: 'html', html: '<img src=x onerror=alert(1)>' }] }, '.content[0].type'],
      ['an iframe node', { type: 'doc', content: [{ type: 'iframe', attrs: { src: 'https://evil.example' } }] }, '.content[0].type'],
      ['an image with onerror', paragraphOf({ type: 'image', attrs: { src: 'x', onerror: 'alert(1)' } }), `${inline}.type`],
      ['a paragraph with onclick', { type: 'doc', content: [{ type: 'paragraph', attrs: { onclick: 'alert(1)' } }] }, '.content[0].attrs'],
      ['text carrying html beside it', paragraphOf({ type: 'text', text: 'x', html: '<script>alert(1)</script>' }), `${inline}.html`],
      ['a script mark', paragraphOf(text('x', [{ type: 'script' }])), `${inline}.marks[0].type`],
      ['a style mark', paragraphOf(text('x', [{ type: 'textStyle', attrs: { style: 'background:url(javascript:alert(1))' } }])), `${inline}.marks[0].type`],
      ['a highlight colour breaking out of its attribute', paragraphOf(text('x', [{ type: 'highlight', attrs: { color: '" onmouseover="alert(1)' } }])), `${inline}.marks[0].attrs.color`],
      ['html instead of a document', '<p onclick="alert(1)">x</p>', ''],
      ['an array instead of a document', [{ type: 'paragraph' }], ''],
      ['another root type', { type: 'document', content: [] }, '.type'],
      [`lists nested ${RICH_TEXT_LIMITS.maxListDepth + 1} deep`, { type: 'doc', content: [nestedList(RICH_TEXT_LIMITS.maxListDepth + 1)] }, /^\.content\[0\](\.content\[\d\])+\.type$/],
      [`a text node of ${RICH_TEXT_LIMITS.maxTextLength + 1} characters`, paragraphOf(text('a'.repeat(RICH_TEXT_LIMITS.maxTextLength + 1))), `${inline}.text`],
      [`${RICH_TEXT_LIMITS.maxNodes + 1} nodes`, { type: 'doc', content: Array.from({ length: RICH_TEXT_LIMITS.maxNodes + 1 }, () => ({ type: 'hardBreak' })) }, '.content'],
      [
        'nearly 1 MB of text',
        { type: 'doc', content: Array.from({ length: 90 }, () => ({ type: 'paragraph', content: [text('b'.repeat(RICH_TEXT_LIMITS.maxTextLength))] })) },
        '.content',
      ],
      [`${RICH_TEXT_LIMITS.maxMarks + 1} marks on a text`, paragraphOf(text('x', Array.from({ length: RICH_TEXT_LIMITS.maxMarks + 1 }, () => ({ type: 'bold' })))), `${inline}.marks`],
    ];

    it.each(REFUSED)('%s is refused at its path in every write, and nothing is written', async (_what, doc, at) => {
      const before = await databaseFingerprint(t.db);
      for (const [write, url, field, body] of writes(doc)) {
        const res = await post(url, body);
        expect(res.statusCode, `${write}: ${res.body.slice(0, 300)}`).toBe(400);
        const paths = errors(res).map((e) => e.path);
        if (typeof at === 'string') expect(paths, write).toContain(field + at);
        else expect(paths.some((path) => path.startsWith(field) && at.test(path.slice(field.length))), `${write}: ${paths.join(', ')}`).toBe(true);
      }
      expect(await databaseFingerprint(t.db)).toBe(before);
    });

    it.each([
      ['NUL', NUL, 'must not contain the NUL character (U+0000)'],
      ['a lone high surrogate', LONE_HIGH, 'must not contain a lone surrogate (U+D800 to U+DFFF without its pair)'],
      ['a lone low surrogate', LONE_LOW, 'must not contain a lone surrogate (U+D800 to U+DFFF without its pair)'],
    ])('%s in the selected text, a note, a comment, a place or a request key is refused with the field named, and nothing is written', async (_what, bad, message) => {
      const before = await databaseFingerprint(t.db);
      const cases: [string, string, unknown, string][] = [
        ['selected text', '/api/model/create', annotationBody({ text: `Hel${bad}lo` }), 'model.text'],
        ['place', '/api/model/create', annotationBody({ metadata: { shareId: share, path: `chapter${bad}`, materialId: 'm-rich' } }), 'model.metadata.path'],
        ['request key', '/api/model/create', annotationBody({}, { requestKey: `${'k'.repeat(21)}${bad}` }), 'requestKey'],
        ...writes(paragraphOf(text(`Kies${bad}`))).map(([write, url, field, body]): [string, string, unknown, string] => [write, url, body, `${field}${inline}.text`]),
      ];
      for (const [what, url, body, path] of cases) {
        const res = await post(url, body);
        expect(res.statusCode, what).toBe(400);
        expect(errors(res), what).toEqual([{ path, message }]);
      }
      expect(await databaseFingerprint(t.db)).toBe(before);
    });

    it('a document nested 10,000 levels deep is refused at its path in every write (not a stack overflow), and nothing is written', async () => {
      const before = await databaseFingerprint(t.db);
      const marker = '"§doc§"';
      for (const [write, url, field, body] of writes('§doc§')) {
        const res = await inject({ method: 'POST', url, payload: JSON.stringify(body).replace(marker, deepJson(10_000)), headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, write).toBe(400);
        const [error] = errors(res);
        expect(error.path.startsWith(`${field}.content[0].content`), `${write}: ${error.path}`).toBe(true);
        expect(error.message).toBe(`nested deeper than ${MAX_JSON_DEPTH} levels`);
      }
      expect(await databaseFingerprint(t.db)).toBe(before);
    });

    it('a document larger than a request may be is refused (413) in every write, and nothing is written', async () => {
      const before = await databaseFingerprint(t.db);
      const huge = { type: 'doc', content: Array.from({ length: 120 }, () => ({ type: 'paragraph', content: [text('c'.repeat(RICH_TEXT_LIMITS.maxTextLength))] })) };
      expect(JSON.stringify(huge).length).toBeGreaterThan(API_BODY_LIMIT_BYTES);
      for (const [write, url, , body] of writes(huge)) expect((await post(url, body)).statusCode, write).toBe(413);
      expect(await databaseFingerprint(t.db)).toBe(before);
    });

    it('hostile oldValues are refused at their path, and nothing is written', async () => {
      const before = await databaseFingerprint(t.db);
      const script = { type: 'doc', content: [{ type: 'script', text: 'alert(1)' }] };
      const refusedNote = await post('/api/model/update', noteUpdate(current.note, script));
      expect([refusedNote.statusCode, errors(refusedNote).map((e) => e.path)]).toEqual([400, ['oldValues.note.content[0].type']]);
      const refusedComment = await post('/api/model/update', commentUpdate(current.content, linked('javascript:alert(1)')));
      expect([refusedComment.statusCode, errors(refusedComment).map((e) => e.path)]).toEqual([400, [`oldValues.content${inline}.marks[0].attrs.href`]]);
      expect(await databaseFingerprint(t.db)).toBe(before);
    });

    /** Tags of an html text (text is escaped, so every `<` starts one). */
    const tagsOf = (html: string) => html.match(/<[^>]*>/g) ?? [];
    const expectSafeHtml = (html: string, what: string) => {
      expect(html, what).not.toMatch(/<script/i);
      for (const tag of tagsOf(html)) {
        expect(tag, what).not.toMatch(/javascript:|\son[a-z]+\s*=/i);
        expect(tag, what).toMatch(/^<\/?(p|ul|ol|li|strong|em|u|s|mark|sub|sup|span|a|br)( (href|target|rel|data-color|data-gap|start)="[^"<>]*")*>$/);
      }
    };
    const hostileText = '<script>alert(1)</script><img src=x onerror=alert(1)>';

    /** Documents that are taken, and stored cleaned: what is stored and what its html holds. */
    const CLEANED: [what: string, sent: Doc, stored: RichTextDoc, html: string][] = [
      [
        'a link with its own target, rel and class',
        linked('https://example.org', { target: '_self', rel: 'opener', class: '" onclick="alert(1)' }),
        { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a link', marks: [{ type: 'link', attrs: { href: 'https://example.org/' } }] }] }] },
        '<p><a href="https://example.org/" target="_blank" rel="noopener noreferrer nofollow">a link</a></p>',
      ],
      [
        'a link without a scheme that breaks out of its attribute',
        linked('example.org/"><script>alert(1)</script>'),
        { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a link', marks: [{ type: 'link', attrs: { href: 'https://example.org/%22%3E%3Cscript%3Ealert(1)%3C/script%3E' } }] }] }] },
        '<p><a href="https://example.org/%22%3E%3Cscript%3Ealert(1)%3C/script%3E" target="_blank" rel="noopener noreferrer nofollow">a link</a></p>',
      ],
      [
        'markup as text at the top level',
        { type: 'doc', content: [text(hostileText, [{ type: 'bold' }]), { type: 'hardBreak' }, text('</p><p onclick=alert(1)>')] },
        { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: hostileText, marks: [{ type: 'bold' }] }, { type: 'hardBreak' }, { type: 'text', text: '</p><p onclick=alert(1)>' }] }] },
        '<p><strong>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</strong><br>&lt;/p&gt;&lt;p onclick=alert(1)&gt;</p>',
      ],
      [
        'marks that exclude each other, a highlight without colour, empty text and an empty list',
        {
          type: 'doc',
          content: [
            { type: 'paragraph', content: [text(''), text('x', [{ type: 'underline' }, { type: 'subscript' }, { type: 'strike' }, { type: 'highlight' }, { type: 'gap' }, { type: 'superscript' }])] },
            { type: 'bulletList', content: [] },
          ],
        },
        { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'strike' }, { type: 'highlight', attrs: { color: 'yellow' } }, { type: 'superscript' }] }] }] },
        '<p><s><mark data-color="yellow"><sup>x</sup></mark></s></p>',
      ],
      [
        'an ordered list with an attribute that breaks out, and an item opening with a list',
        {
          type: 'doc',
          content: [
            {
              type: 'orderedList',
              attrs: { start: 3, type: '" onmouseover="alert(1)' },
              content: [{ type: 'listItem', content: [{ type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text(hostileText)] }] }] }] }],
            },
          ],
        },
        {
          type: 'doc',
          content: [
            {
              type: 'orderedList',
              attrs: { start: 3 },
              content: [{ type: 'listItem', content: [{ type: 'paragraph' }, { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: hostileText }] }] }] }] }],
            },
          ],
        },
        '<ol start="3"><li><p></p><ul><li><p>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</p></li></ul></li></ol>',
      ],
    ];

    it.each(CLEANED)('%s is stored cleaned in every write, never as sent', async (_what, sent, stored, html) => {
      for (const [write, url, field, body] of writes(sent)) {
        const res = await post(url, body);
        expect(res.statusCode, `${write}: ${res.body.slice(0, 300)}`).toBe(200);
        const answer = res.json().data as { id: string };
        const isComment = field.endsWith('content');
        const [row] = isComment
          ? await t.db.query<{ doc: RichTextDoc; html: string }>('SELECT content AS doc, content_html AS html FROM comments WHERE id = $1', [answer.id])
          : await t.db.query<{ doc: RichTextDoc; html: string }>('SELECT note AS doc, note_html AS html FROM annotations WHERE id = $1', [answer.id]);
        expect(row.doc, write).toEqual(stored);
        expect(row.doc, write).not.toEqual(sent);
        expect(row.html, write).toBe(html);
        expectSafeHtml(row.html, write);
        expect(answer, write).toMatchObject(isComment ? { content: stored, contentHtml: html } : { note: stored, noteHtml: html });
        // The next update's oldValues: what is stored now.
        if (url.endsWith('update')) Object.assign(current, isComment ? { content: row.doc } : { note: row.doc });
      }
    });

    it('comments sent while their annotation is being deleted are taken or answered 404, never 5xx, and none is left behind', async () => {
      const commenter = await newGuest();
      const statuses: number[] = [];
      for (let round = 0; round < 10; round++) {
        const made = await post('/api/model/create', annotationBody());
        expect(made.statusCode).toBe(200);
        const id = made.json().data.id as string;
        const comment = () => post('/api/model/create', { ...commentBody(paragraphOf(text('Too late?'))), appendTo: { id, modelName: 'Annotation', attribute: 'comments' }, guestSessionId: commenter });
        const answers = await Promise.all([comment(), comment(), post('/api/model/delete', { model: { id, modelName: 'Annotation' }, guestSessionId: guest }), comment(), comment()]);
        expect(answers[2].statusCode).toBe(200);
        statuses.push(...answers.filter((_, i) => i !== 2).map((res) => res.statusCode));
        for (const res of answers) if (res.statusCode === 404) expect(errors(res)).toEqual([{ path: 'appendTo.id', message: 'Not found' }]);
        expect(await t.db.query('SELECT id FROM comments WHERE annotation_id = $1', [id])).toEqual([]);
      }
      expect(statuses.filter((status) => status !== 200 && status !== 404)).toEqual([]);
      expect(statuses).toContain(404);
    });

    /** Bodies with a wrong type or value in one field, and the paths their refusal names. */
    const MALFORMED = (): [what: string, url: string, body: unknown, paths: string[]][] => [
      ['from as a string', '/api/model/create', annotationBody({ from: '0' }), ['model.from']],
      ['to as a fraction', '/api/model/create', annotationBody({ to: 5.5 }), ['model.to']],
      ['a negative from', '/api/model/create', annotationBody({ from: -1 }), ['model.from']],
      ['offsets past the limit', '/api/model/create', annotationBody({ from: ANNOTATION_OFFSET_MAX + 1, to: Number.MAX_SAFE_INTEGER }), ['model.from', 'model.to']],
      ['offsets as huge numbers', '/api/model/create', annotationBody({ from: 1e308, to: Infinity }), ['model.from', 'model.to']],
      ['to before from', '/api/model/create', annotationBody({ from: 5, to: 1 }), ['model.to']],
      ['text as a number', '/api/model/create', annotationBody({ text: 42 }), ['model.text']],
      ['the reference as an object', '/api/model/create', annotationBody({ reference: { $ne: null } }), ['model.reference']],
      ['metadata as null', '/api/model/create', annotationBody({ metadata: null }), ['model.metadata']],
      ['a path that climbs', '/api/model/create', annotationBody({ metadata: { shareId: share, path: '../../etc', materialId: 'm-rich' } }), ['model.metadata.path']],
      ['the note as text', '/api/model/create', annotationBody({ note: 'my note' }), ['model.note']],
      ['an owner in the model', '/api/model/create', annotationBody({ owner: { kind: 'user', name: 'Admin' } }), ['model.owner']],
      ['an id in the model', '/api/model/create', annotationBody({ id: 'chosen-id' }), ['model.id']],
      ['the guest session as a number', '/api/model/create', annotationBody({}, { guestSessionId: 42 }), ['guestSessionId']],
      ['relations as an array', '/api/model/create', annotationBody({}, { relations: [] }), ['relations']],
      ['a request key too short', '/api/model/create', annotationBody({}, { requestKey: 'k'.repeat(21) }), ['requestKey']],
      ['a request key too long', '/api/model/create', annotationBody({}, { requestKey: 'k'.repeat(23) }), ['requestKey']],
      ['a request key with a character outside its set', '/api/model/create', annotationBody({}, { requestKey: `${'k'.repeat(21)}/` }), ['requestKey']],
      ['a request key with a quote', '/api/model/create', annotationBody({}, { requestKey: `${'k'.repeat(20)}'"` }), ['requestKey']],
      ['a request key as a number', '/api/model/create', annotationBody({}, { requestKey: 4.2e21 }), ['requestKey']],
      ['a request key as null', '/api/model/create', annotationBody({}, { requestKey: null }), ['requestKey']],
      ['a request key in the model', '/api/model/create', annotationBody({ requestKey: 'k'.repeat(22) }), ['model.requestKey']],
      ['a comment request key as an object', '/api/model/create', commentBody(paragraphOf(text('x')), { requestKey: { $ne: null } }), ['requestKey']],
      ['a comment request key of 10,000 characters', '/api/model/create', commentBody(paragraphOf(text('x')), { requestKey: 'k'.repeat(10_000) }), ['requestKey']],
      ['a comment appended at a negative index', '/api/model/create', commentBody(paragraphOf(text('x')), { appendTo: { id: current.annotationId, modelName: 'Annotation', attribute: 'comments', index: -1 } }), ['appendTo.index']],
      ['a comment without appendTo', '/api/model/create', { model: { modelName: 'Comment', content: paragraphOf(text('x')) }, guestSessionId: guest }, ['appendTo']],
      ['a comment as null', '/api/model/create', commentBody(null), ['model.content']],
      ['a model name of another model', '/api/model/create', { model: { modelName: 'User', email: 'x@example.org' } }, ['model.modelName']],
      ['an update without newValues', '/api/model/update', { model: { id: current.annotationId, modelName: 'Annotation' }, oldValues: { note: current.note }, guestSessionId: guest }, ['newValues']],
      ['an update of the id as a number', '/api/model/update', { ...noteUpdate(current.note), model: { id: 5, modelName: 'Annotation' } }, ['model.id']],
      ['an update of another field', '/api/model/update', { ...noteUpdate(current.note), newValues: { text: 'x', note: current.note } }, ['newValues.text']],
      ['a delete without a model', '/api/model/delete', { guestSessionId: guest }, ['model']],
      ['a delete of a material (an author\'s call, which knows no guest session)', '/api/model/delete', { model: { id: 'm-rich', modelName: 'Material' }, guestSessionId: guest }, ['guestSessionId']],
      ['a list sorted in an unknown order', '/api/annotations', { share, materialId: 'm-rich', guestSessionId: guest, sort: 'newest' }, ['sort']],
      ['a list of a material named by a number', '/api/annotations', { share, materialId: 5, guestSessionId: guest }, ['materialId']],
      ['a list without a share', '/api/annotations', { materialId: 'm-rich', guestSessionId: guest }, ['share']],
      ['a full-text limit as a string, an unknown page', '/api/search/materials/fulltext', { query: 'x', limit: '5', page: 2 }, ['limit', 'page']],
      ['collections sorted in the order of a collection', '/api/search/collections', { sort: 'order:asc', share: null }, ['sort']],
      ['a collection search without its collection', '/api/search', { query: 'x', offset: -1 }, ['collection', 'offset']],
    ];

    it('a wrong type or value in any field is refused naming the field, and nothing is written', async () => {
      const before = await databaseFingerprint(t.db);
      const outcomes: string[] = [];
      for (const [what, url, body, paths] of MALFORMED()) {
        const res = await post(url, body);
        const named = res.statusCode === 400 ? [...new Set(errors(res).map((e) => e.path))].sort() : [];
        if (res.statusCode !== 400 || JSON.stringify(named) !== JSON.stringify([...paths].sort())) outcomes.push(`${what}: ${res.statusCode} at ${named.join(', ')} (expected 400 at ${paths.join(', ')})`);
      }
      expect(outcomes).toEqual([]);
      expect(await databaseFingerprint(t.db)).toBe(before);
      expect(counts.serverErrors).toBe(0);
    });
  });
});
