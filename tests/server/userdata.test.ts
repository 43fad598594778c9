import { beforeAll, describe, expect, it } from 'vitest';
import { API_BODY_LIMIT_BYTES, GuestSessionId, UserdataAck, type UserdataEvent } from '../../model/tracking';
import { SESSION_COOKIE } from '../../server/auth/sessionCookie';
import { ApiErrorBody } from '../../server/http/errors';
import { hashSessionToken } from '../../server/store/authSessions';
import { importFile } from '../../server/store/import';
import { useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { richMaterial, smallCollection, smallMaterial } from './fixtures';
import { addUser, countRows, event, login, newEventId, newGuestLikeId } from './learners';

type Kind = 'public' | 'private' | 'guest' | 'scorm' | 'preview';

describe.each(testDatabaseKinds)('learner calls on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);
  const share = {} as Record<Kind | 'otherGuest' | 'collectionGuest', string>;
  let cookie = '';
  let userId = '';

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    a.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const errors = (res: { json: () => unknown }) => ApiErrorBody.parse(res.json()).errors;
  const newGuest = async (sharePublicId: string, name = 'Grace Hopper') => {
    const res = await post('/api/guest', { name, publicId: sharePublicId });
    expect(res.statusCode).toBe(200);
    return GuestSessionId.parse(res.json().data.publicId);
  };
  const q1 = (shareId: string, guestSessionId: string | null = null) => ({ shareId, id: 'm-rich-q1', modelName: 'ChoiceQuestion', guestSessionId });
  const userdata = (events: UserdataEvent[], headers: Record<string, string> = {}) => post('/api/userdata', { events }, headers);
  const eventCount = () => countRows(t.db, 'userdata_events');

  beforeAll(async () => {
    for (const k of ['public', 'private', 'guest', 'scorm', 'preview'] as const) share[k] = (await importFile(t.db, richMaterial, { share: k })).share.publicId;
    share.otherGuest = (await importFile(t.db, smallMaterial('ud-other'), { share: 'guest' })).share.publicId;
    share.collectionGuest = (await importFile(t.db, smallCollection('ud', [smallMaterial('ud-in')]), { share: 'guest' })).share.publicId;
    userId = (await addUser(t.db, 'learner@example.org')).id;
    cookie = await login(a.app, 'learner@example.org');
  });

  describe('guest', () => {
    it('creates an unguessable guest session on a guest share and a scorm share', async () => {
      const res = await post('/api/guest', { name: '  Grace Hopper ', publicId: share.guest });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toEqual({ publicId: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/), name: 'Grace Hopper', issueDate: expect.any(String) });
      const [row] = await t.db.query('SELECT share_id, name FROM guest_sessions WHERE public_id = $1', [data.publicId]);
      expect(row).toEqual({ share_id: share.guest, name: 'Grace Hopper' });
      expect(await newGuest(share.guest)).not.toBe(data.publicId);
      expect(await newGuest(share.scorm)).toMatch(/^[A-Za-z0-9_-]{24}$/);
    });

    it('answers 403 on shares that save no guest sessions, 404 for an unknown share, 400 for a bad body; writes nothing', async () => {
      const before = await countRows(t.db, 'guest_sessions');
      for (const k of ['public', 'private', 'preview'] as const) {
        const res = await post('/api/guest', { name: 'A B', publicId: share[k] });
        expect(res.statusCode, k).toBe(403);
        expect(errors(res)[0].message).toBe('This share does not save guest sessions');
      }
      expect((await post('/api/guest', { name: 'A B', publicId: 'C'.repeat(24) })).statusCode).toBe(404);
      const bad = await post('/api/guest', { name: '   ', publicId: share.guest, extra: 1 });
      expect(bad.statusCode).toBe(400);
      expect(errors(bad).map((e) => e.path).sort()).toEqual(['extra', 'name']);
      expect(await countRows(t.db, 'guest_sessions')).toBe(before);
    });

    it('renames a guest session; 404 for an unknown one, 400 for a bad id', async () => {
      const id = await newGuest(share.guest);
      const res = await post('/api/share/guest-session', { name: 'Grace B. Hopper', publicId: id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: null });
      expect(await t.db.query('SELECT name FROM guest_sessions WHERE public_id = $1', [id])).toEqual([{ name: 'Grace B. Hopper' }]);
      expect((await post('/api/share/guest-session', { name: 'X Y', publicId: newGuestLikeId() })).statusCode).toBe(404);
      const bad = await post('/api/share/guest-session', { name: 'X Y', publicId: 'short' });
      expect(bad.statusCode).toBe(400);
      expect(errors(bad).map((e) => e.path)).toEqual(['publicId']);
    });
  });

  describe('userdata', () => {
    it("stores a guest's events once each and acknowledges them after the commit", async () => {
      const guest = await newGuest(share.guest);
      const events = [
        event(q1(share.guest, guest), { selected: ['m-rich-q1-a'] }, 1_700_000_000_123),
        event(q1(share.guest, guest), { evaluated: true }),
        event({ shareId: share.guest, id: 'm-rich-text', modelName: 'Text', guestSessionId: guest }, { progress: 1 }),
      ];
      const res = await userdata(events);
      expect(res.statusCode).toBe(200);
      expect(UserdataAck.parse(res.json().data)).toEqual({ acknowledged: events.map((e) => e.id), stored: 3, duplicates: 0 });
      const rows = await t.db.query<Record<string, unknown>>(
        `SELECT id, share_id, user_id, guest_session_id, model_id, model_name, field, value, client_at FROM userdata_events WHERE guest_session_id = $1 ORDER BY seq`,
        [guest],
      );
      expect(rows).toEqual([
        { id: events[0].id, share_id: share.guest, user_id: null, guest_session_id: guest, model_id: 'm-rich-q1', model_name: 'ChoiceQuestion', field: 'selected', value: ['m-rich-q1-a'], client_at: new Date(1_700_000_000_123) },
        expect.objectContaining({ id: events[1].id, field: 'evaluated', value: true }),
        expect.objectContaining({ id: events[2].id, model_id: 'm-rich-text', field: 'progress', value: 1 }),
      ]);
    });

    it("lists a learner's own events to that learner only", async () => {
      const guest = await newGuest(share.guest);
      const other = await newGuest(share.guest);
      const mine = [event(q1(share.guest, guest), { selected: ['m-rich-q1-a'] }, 1_700_000_000_123), event(q1(share.guest, guest), { evaluated: true }, 1_700_000_000_456)];
      expect((await userdata(mine)).statusCode).toBe(200);
      expect((await userdata([event(q1(share.guest, other), { evaluated: false })])).statusCode).toBe(200);
      const res = await post('/api/userdata/list', { shareId: share.guest, guestSessionId: guest });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json().data.events).toEqual([
        { id: mine[0].id, at: 1_700_000_000_123, modelName: 'ChoiceQuestion', modelId: 'm-rich-q1', field: 'selected', value: ['m-rich-q1-a'] },
        { id: mine[1].id, at: 1_700_000_000_456, modelName: 'ChoiceQuestion', modelId: 'm-rich-q1', field: 'evaluated', value: true },
      ]);
      const userEvent = event(q1(share.private), { evaluated: true });
      expect((await userdata([userEvent], { cookie })).statusCode).toBe(200);
      const own = await post('/api/userdata/list', { shareId: share.private, guestSessionId: null }, { cookie });
      expect(own.json().data.events.map((e: { id: string }) => e.id)).toContain(userEvent.id);
      expect((await post('/api/userdata/list', { shareId: share.private, guestSessionId: null })).statusCode).toBe(403);
      expect((await post('/api/userdata/list', { shareId: share.otherGuest, guestSessionId: guest })).statusCode).toBe(403);
      expect((await post('/api/userdata/list', { shareId: share.public, guestSessionId: null })).statusCode).toBe(403);
      expect((await post('/api/userdata/list', { shareId: share.guest, guestSessionId: 'x' })).statusCode).toBe(400);
    });

    it("stores a logged-in user's events on a private share as theirs", async () => {
      const e = event(q1(share.private), { value: null });
      const res = await userdata([e], { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ acknowledged: [e.id], stored: 1, duplicates: 0 });
      expect(await t.db.query('SELECT user_id, guest_session_id, value FROM userdata_events WHERE id = $1', [e.id])).toEqual([
        { user_id: userId, guest_session_id: null, value: null },
      ]);
    });

    it('accepts the same JSON sent as text/plain (sendBeacon)', async () => {
      const guest = await newGuest(share.guest);
      const e = event(q1(share.guest, guest), { selected: [] });
      const res = await a.app.inject({ method: 'POST', url: '/api/userdata', headers: { 'content-type': 'text/plain;charset=UTF-8' }, payload: JSON.stringify({ events: [e] }) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.stored).toBe(1);
      const bad = await a.app.inject({ method: 'POST', url: '/api/userdata', headers: { 'content-type': 'text/plain' }, payload: '{"events": [' });
      expect(bad.statusCode).toBe(400);
      expect(errors(bad)).toEqual([{ path: '', message: 'The body is not valid JSON' }]);
      const wrong = await a.app.inject({ method: 'POST', url: '/api/userdata', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify({ events: [{ ...e, id: 'x' }] }) });
      expect(wrong.statusCode).toBe(400);
      expect(errors(wrong).map((x) => x.path)).toEqual(['events[0].id']);
    });

    it('is idempotent: a repeated batch is all duplicates, an overlapping one stores only the new events', async () => {
      const guest = await newGuest(share.guest);
      const events = Array.from({ length: 4 }, (_, i) => event(q1(share.guest, guest), { value: `answer ${i}` }, 1000 + i));
      const first = await userdata(events.slice(0, 3));
      expect(first.json().data).toMatchObject({ stored: 3, duplicates: 0 });
      const count = await eventCount();
      const again = await userdata(events.slice(0, 3));
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toEqual({ acknowledged: events.slice(0, 3).map((e) => e.id), stored: 0, duplicates: 3 });
      expect(await eventCount()).toBe(count);
      const overlap = await userdata(events.slice(1));
      expect(overlap.json().data).toEqual({ acknowledged: events.slice(1).map((e) => e.id), stored: 1, duplicates: 2 });
      expect(await eventCount()).toBe(count + 1);
      const perId = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM userdata_events WHERE guest_session_id = $1 GROUP BY id', [guest]);
      expect(perId.map((r) => r.n)).toEqual([1, 1, 1, 1]);
    });

    it('stores each event once when two overlapping batches arrive at the same time', async () => {
      const guest = await newGuest(share.guest);
      const events = Array.from({ length: 6 }, (_, i) => event(q1(share.guest, guest), { value: `v${i}` }, 2000 + i));
      const [left, right] = await Promise.all([userdata(events.slice(0, 4)), userdata(events.slice(2))]);
      const acks = [UserdataAck.parse(left.json().data), UserdataAck.parse(right.json().data)];
      expect(acks[0].stored + acks[1].stored).toBe(6);
      expect(acks[0].duplicates + acks[1].duplicates).toBe(2);
      expect(await t.db.query('SELECT id FROM userdata_events WHERE guest_session_id = $1', [guest])).toHaveLength(6);
    });

    it('counts an id repeated within one body once', async () => {
      const guest = await newGuest(share.guest);
      const e = event(q1(share.guest, guest), { value: 'first' });
      const res = await userdata([e, { ...e, data: { value: 'second' } }]);
      expect(res.json().data).toEqual({ acknowledged: [e.id], stored: 1, duplicates: 0 });
      expect(await t.db.query('SELECT value FROM userdata_events WHERE id = $1', [e.id])).toEqual([{ value: 'first' }]);
    });

    it("stores an id another learner already used as this learner's own event, and leaves theirs alone (issue 14: never acknowledged and dropped)", async () => {
      const [mine, theirs] = [await newGuest(share.guest), await newGuest(share.guest)];
      const original = event(q1(share.guest, theirs), { value: 'theirs' });
      await userdata([original]);
      const copy = { ...original, metadata: { ...original.metadata, guestSessionId: mine }, data: { value: 'mine' } };
      const res = await userdata([copy]);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ acknowledged: [original.id], stored: 1, duplicates: 0 });
      expect(await t.db.query('SELECT guest_session_id, value FROM userdata_events WHERE id = $1 ORDER BY seq', [original.id])).toEqual([
        { guest_session_id: theirs, value: 'theirs' },
        { guest_session_id: mine, value: 'mine' },
      ]);
      // The same id from the same learner again is still a duplicate.
      expect((await userdata([copy])).json().data).toEqual({ acknowledged: [original.id], stored: 0, duplicates: 1 });
    });

    it("accepts models of every material of a collection share", async () => {
      const guest = await newGuest(share.collectionGuest);
      const res = await userdata([event({ shareId: share.collectionGuest, id: 'm-ud-in-t1', modelName: 'Text', guestSessionId: guest }, { progress: 1 })]);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.stored).toBe(1);
    });

    it('answers 400 naming each bad field and writes nothing', async () => {
      const guest = await newGuest(share.guest);
      const good = event(q1(share.guest, guest), { value: 'ok' });
      const count = await eventCount();
      const cases: [unknown, string[]][] = [
        [{ events: [] }, ['events']],
        [{ events: [good, { ...good, id: 'bad id' }] }, ['events[1].id']],
        [{ events: [{ ...good, data: { value: 'a', selected: [] } }] }, ['events[0].data']],
        [{ events: [{ ...good, data: { colour: 'red' } }] }, ['events[0].data', 'events[0].data.colour']],
        [{ events: [{ ...good, at: -1, metadata: { ...good.metadata, shareId: undefined } }] }, ['events[0].at', 'events[0].metadata.shareId']],
        [{ events: [{ ...good, data: { value: 'x'.repeat(40_000) } }] }, ['events[0].data']],
        [{ events: Array.from({ length: 101 }, () => ({ ...good, id: newEventId() })) }, ['events']],
        [{ events: [good], more: true }, ['more']],
      ];
      for (const [body, paths] of cases) {
        const res = await post('/api/userdata', body);
        expect(res.statusCode, JSON.stringify(paths)).toBe(400);
        expect([...new Set(errors(res).map((e) => e.path))].sort()).toEqual(paths);
      }
      expect(await eventCount()).toBe(count);
    });

    it('answers 403 for every learner who may not save, all or nothing, and writes nothing', async () => {
      const guest = await newGuest(share.guest);
      const otherGuest = await newGuest(share.otherGuest);
      const good = event(q1(share.guest, guest), { value: 'ok' });
      const expired = await login(a.app, 'learner@example.org');
      await t.db.query(`UPDATE auth_sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hashSessionToken(expired.split('=')[1])]);
      const count = await eventCount();
      const cases: [string, UserdataEvent[], Record<string, string>, string][] = [
        ["another share's guest session", [good, event(q1(share.guest, otherGuest), { value: 'x' })], {}, 'events[1].metadata.guestSessionId'],
        ['an unknown guest session', [event(q1(share.guest, newGuestLikeId()), { value: 'x' })], {}, 'events[0].metadata.guestSessionId'],
        ['no guest session on a guest share', [event(q1(share.guest), { value: 'x' })], {}, 'events[0].metadata.guestSessionId'],
        ['a private share without a session', [event(q1(share.private), { value: 'x' })], {}, 'events[0].metadata.shareId'],
        ['a private share with a forged cookie', [event(q1(share.private), { value: 'x' })], { cookie: `${SESSION_COOKIE}=${'F'.repeat(43)}` }, 'events[0].metadata.shareId'],
        ['a private share with an expired cookie', [event(q1(share.private), { value: 'x' })], { cookie: expired }, 'events[0].metadata.shareId'],
        ['a guest session id on a private share', [event(q1(share.private, guest), { value: 'x' })], { cookie }, 'events[0].metadata.guestSessionId'],
        ['a preview share', [event(q1(share.preview), { value: 'x' })], { cookie }, 'events[0].metadata.shareId'],
        ['a public share', [event(q1(share.public), { value: 'x' })], { cookie }, 'events[0].metadata.shareId'],
        ['a model of another material', [good, event({ shareId: share.guest, id: 'm-ud-other-t1', modelName: 'Text', guestSessionId: guest }, { progress: 1 })], {}, 'events[1].metadata.id'],
        ['a model under another name', [event({ ...q1(share.guest, guest), modelName: 'Text' }, { progress: 1 })], {}, 'events[0].metadata.id'],
        ['an unknown model', [event({ ...q1(share.guest, guest), id: 'no-such-model' }, { progress: 1 })], {}, 'events[0].metadata.id'],
      ];
      for (const [name, events, headers, path] of cases) {
        const res = await userdata(events, headers);
        expect(res.statusCode, name).toBe(403);
        expect(errors(res).map((e) => e.path), name).toEqual([path]);
      }
      expect(await eventCount()).toBe(count);
    });

    it('answers 404 for an unknown share', async () => {
      const res = await userdata([event(q1('D'.repeat(24)), { value: 'x' })]);
      expect(res.statusCode).toBe(404);
      expect(errors(res)).toEqual([{ path: 'events[0].metadata.shareId', message: 'Share not found' }]);
    });

    it('answers 413 as JSON for a body over the limit, and writes nothing', async () => {
      const count = await eventCount();
      const payload = JSON.stringify({ events: [], padding: 'x'.repeat(API_BODY_LIMIT_BYTES) });
      const res = await a.app.inject({ method: 'POST', url: '/api/userdata', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(413);
      expect(errors(res)).toEqual([{ path: '', message: expect.stringMatching(/too large/i) }]);
      expect(await eventCount()).toBe(count);
    });
  });

  describe('updateRootProgress', () => {
    const body = (shareId: string, guestSessionId: string | null, value = 0.5, id = 'm-rich') => ({ model: { id, modelName: 'Material' }, value, shareId, guestSessionId });
    const progressRows = (where: string, param: string) => t.db.query(`SELECT model_id, value FROM root_progress WHERE ${where} = $1`, [param]);

    it("upserts a guest's and a user's root progress", async () => {
      const guest = await newGuest(share.guest);
      expect((await post('/api/updateRootProgress', body(share.guest, guest, 0.25))).json()).toEqual({ data: null });
      expect((await post('/api/updateRootProgress', body(share.guest, guest, 0.75))).statusCode).toBe(200);
      expect(await progressRows('guest_session_id', guest)).toEqual([{ model_id: 'm-rich', value: 0.75 }]);
      expect((await post('/api/updateRootProgress', body(share.private, null, 1), { cookie })).statusCode).toBe(200);
      expect(await progressRows('user_id', userId)).toEqual([{ model_id: 'm-rich', value: 1 }]);
    });

    it('refuses other shares, learners and models with 403, unknown shares with 404, bad bodies with 400; writes nothing', async () => {
      const guest = await newGuest(share.guest);
      const scormGuest = await newGuest(share.scorm);
      const count = await countRows(t.db, 'root_progress');
      const cases: [string, unknown, Record<string, string>, number, string][] = [
        ['a private share without a session', body(share.private, null), {}, 403, 'shareId'],
        ['a scorm share (saves no root progress)', body(share.scorm, scormGuest), {}, 403, 'shareId'],
        ['a public share', body(share.public, null), { cookie }, 403, 'shareId'],
        ['a preview share', body(share.preview, null), { cookie }, 403, 'shareId'],
        ["another share's guest session", body(share.otherGuest, guest, 0.5, 'm-ud-other'), {}, 403, 'guestSessionId'],
        ['a material of another share', body(share.guest, guest, 0.5, 'm-ud-other'), {}, 403, 'model.id'],
        ['an element, not a material', body(share.guest, guest, 0.5, 'm-rich-q1'), {}, 403, 'model.id'],
        ['an unknown share', body('E'.repeat(24), guest), {}, 404, 'shareId'],
        ['a value over 1', body(share.guest, guest, 1.5), {}, 400, 'value'],
        ['another model name', { ...body(share.guest, guest), model: { id: 'm-rich', modelName: 'Chapter' } }, {}, 400, 'model.modelName'],
      ];
      for (const [name, payload, headers, status, path] of cases) {
        const res = await post('/api/updateRootProgress', payload, headers);
        expect(res.statusCode, name).toBe(status);
        expect(errors(res).map((e) => e.path), name).toEqual([path]);
      }
      expect(await countRows(t.db, 'root_progress')).toBe(count);
    });
  });
});
