import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuestSessionId } from '../../src/model/tracking';
import { ApiErrorBody } from '../../server/http/errors';
import { MAX_JSON_DEPTH } from '../../server/http/storableJson';
import { importFile } from '../../server/store/import';
import { useTestApp } from '../server/app';
import { testDatabaseKinds, useTestDatabase } from '../server/databases';
import { richMaterial } from '../server/fixtures';
import { countRows, event } from '../server/learners';
import { countedRequests, databaseFingerprint } from './countedRequests';

/*
 * Issue 14: input an attacker (or a broken client) sends costs nothing. Each case named in the
 * issue: the request is refused with a 400 that names the field, nothing is written, and nothing
 * answers 5xx. The suite prints what it tried.
 */

const ADMIN_TOKEN = 'a-test-token-of-this-server-start';
const NUL = '\u0000';
const LONE_HIGH = '\uD800';
const LONE_LOW = '\uDC00';

/** A JSON text with `value` nested `depth` arrays deep (JSON.stringify itself overflows on such values). */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;

describe.each(testDatabaseKinds)('hostile input on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db, { adminToken: ADMIN_TOKEN });
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
  ];
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
    for (const url of POST_ROUTES) {
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
});
