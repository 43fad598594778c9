import { beforeAll, describe, expect, it } from 'vitest';
import type { PageData } from '../../model/pageData';
import { SESSION_COOKIE } from '../../server/auth/sessionCookie';
import { GUEST_COOKIE, GUEST_COOKIE_MAX_AGE_S } from '../../server/http/guestCookie';
import { hashSessionToken } from '../../server/store/authSessions';
import { importFile } from '../../server/store/import';
import { embeddedPageData, useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { richMaterial, smallCollection, smallMaterial } from './fixtures';
import { addUser, event, login, newGuestLikeId } from './learners';

describe.each(testDatabaseKinds)('learners on share pages on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);
  const share = { private: '', privateCollection: '', guest: '', otherGuest: '', scorm: '', public: '', preview: '' };
  let ada = '';
  let bob = '';

  const page = async (url: string, cookie?: string): Promise<{ status: number; data: PageData }> => {
    const res = await a.app.inject({ url, headers: cookie ? { cookie } : {} });
    expect(res.headers['cache-control']).toBe('no-store');
    return { status: res.statusCode, data: embeddedPageData(res.body) };
  };
  const post = (url: string, payload: unknown, cookie?: string) => a.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
  const newGuest = async (publicId: string) => (await post('/api/guest', { name: 'Grace Hopper', publicId })).json().data.publicId as string;

  beforeAll(async () => {
    share.private = (await importFile(t.db, richMaterial, { share: 'private' })).share.publicId;
    share.guest = (await importFile(t.db, richMaterial, { share: 'guest' })).share.publicId;
    share.scorm = (await importFile(t.db, richMaterial, { share: 'scorm' })).share.publicId;
    share.public = (await importFile(t.db, richMaterial, { share: 'public' })).share.publicId;
    share.preview = (await importFile(t.db, richMaterial, { share: 'preview' })).share.publicId;
    share.otherGuest = (await importFile(t.db, smallMaterial('lp-other'), { share: 'guest' })).share.publicId;
    share.privateCollection = (await importFile(t.db, smallCollection('lp', [smallMaterial('lp-a'), smallMaterial('lp-b')]), { share: 'private' })).share.publicId;
    await addUser(t.db, 'ada@example.org', { firstname: 'Ada', lastname: 'Lovelace' });
    await addUser(t.db, 'bob@example.org');
    ada = await login(a.app, 'ada@example.org');
    bob = await login(a.app, 'bob@example.org');
  });

  describe('a private share', () => {
    it('answers 401 with the login entry point, the share and no learner without a valid session', async () => {
      const expired = await login(a.app, 'ada@example.org');
      await t.db.query(`UPDATE auth_sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hashSessionToken(expired.split('=')[1])]);
      for (const cookie of [undefined, `${SESSION_COOKIE}=${'G'.repeat(43)}`, expired]) {
        const { status, data } = await page(`/s/${share.private}/chapter-one`, cookie);
        expect(status).toBe(401);
        expect(data).toMatchObject({
          entryPoint: 'login',
          share: { publicId: share.private, rootModelName: 'Material', rootId: 'm-rich' },
          shareSettings: { private: true },
          user: null,
          guestSession: null,
          learnerState: null,
        });
      }
    });

    it("fills the user and the user's latest stored values with a session", async () => {
      const first = await page(`/s/${share.private}/`, ada);
      expect(first.status).toBe(200);
      expect(first.data.entryPoint).toBe('material');
      expect(first.data.user).toEqual({
        id: expect.any(String),
        email: 'ada@example.org',
        firstname: 'Ada',
        lastname: 'Lovelace',
        name: 'Ada Lovelace',
        roles: [],
        favoriteMaterialIds: [],
      });
      expect(first.data.learnerState).toEqual({});

      const q = { shareId: share.private, id: 'm-rich-q1', modelName: 'ChoiceQuestion' };
      // Later client time wins even when it arrives first; equal times fall back to arrival order.
      await post('/api/userdata', { events: [event(q, { selected: ['m-rich-q1-b'] }, 2000), event(q, { evaluated: true }, 3000), event(q, { evaluated: false }, 3000)] }, ada);
      await post('/api/userdata', { events: [event(q, { selected: ['m-rich-q1-a'] }, 1000), event({ ...q, id: 'm-rich-text', modelName: 'Text' }, { progress: 1 }, 1000)] }, ada);
      await post('/api/userdata', { events: [event(q, { selected: ['bob'] }, 9000)] }, bob);

      const after = await page(`/s/${share.private}/`, ada);
      expect(after.data.learnerState).toEqual({ 'm-rich-q1': { selected: ['m-rich-q1-b'], evaluated: false }, 'm-rich-text': { progress: 1 } });
      expect((await page(`/s/${share.private}/`, bob)).data.learnerState).toEqual({ 'm-rich-q1': { selected: ['bob'] } });
    });

    it('covers every material of a private collection share', async () => {
      const events = [
        event({ shareId: share.privateCollection, id: 'm-lp-a-t1', modelName: 'Text' }, { progress: 1 }),
        event({ shareId: share.privateCollection, id: 'm-lp-b-t2', modelName: 'Text' }, { progress: 0.5 }),
      ];
      expect((await post('/api/userdata', { events }, bob)).statusCode).toBe(200);
      const { status, data } = await page(`/s/${share.privateCollection}/material-lp-b`, bob);
      expect(status).toBe(200);
      expect(data.entryPoint).toBe('collection');
      expect(data.learnerState).toEqual({ 'm-lp-a-t1': { progress: 1 }, 'm-lp-b-t2': { progress: 0.5 } });
    });
  });

  describe('a guest share', () => {
    it('fills the guest session and its state for a guest session id of this share', async () => {
      const guest = await newGuest(share.guest);
      const e = event({ shareId: share.guest, id: 'm-rich-q1', modelName: 'ChoiceQuestion', guestSessionId: guest }, { selected: ['m-rich-q1-a'] });
      expect((await post('/api/userdata', { events: [e] })).statusCode).toBe(200);
      const { status, data } = await page(`/s/${share.guest}/chapter-one?guestSessionId=${guest}`);
      expect(status).toBe(200);
      expect(data.guestSession).toEqual({ publicId: guest, name: 'Grace Hopper', issueDate: expect.any(String) });
      expect(data.learnerState).toEqual({ 'm-rich-q1': { selected: ['m-rich-q1-a'] } });
      expect(data.user).toBeNull();
      expect((await page(`/s/${share.scorm}/?guestSessionId=${await newGuest(share.scorm)}`)).data.learnerState).toEqual({});
    });

    it('embeds what learners typed inertly: a stored answer or a guest name cannot close the page-data script', async () => {
      const attack = '</script><script>alert(1)</script><!--';
      const guest = (await post('/api/guest', { name: `Mallory ${attack}`, publicId: share.guest })).json().data.publicId as string;
      const e = event({ shareId: share.guest, id: 'm-rich-q1', modelName: 'ChoiceQuestion', guestSessionId: guest }, { value: attack });
      expect((await post('/api/userdata', { events: [e] })).statusCode).toBe(200);
      const res = await a.app.inject({ url: `/s/${share.guest}/?guestSessionId=${guest}` });
      expect(res.body).not.toContain('<script>alert(1)');
      expect(res.body.match(/<\/script>/g)?.length).toBe((res.body.match(/<script\b/g) ?? []).length);
      const data = embeddedPageData(res.body);
      expect(data.guestSession?.name).toBe(`Mallory ${attack}`);
      expect(data.learnerState?.['m-rich-q1']).toEqual({ value: attack });
    });

    it("starts afresh (no error) with another share's, an unknown or a malformed guest session id", async () => {
      const foreign = await newGuest(share.otherGuest);
      for (const id of [foreign, newGuestLikeId(), 'nonsense', '']) {
        const { status, data } = await page(`/s/${share.guest}/?guestSessionId=${id}`);
        expect(status, id).toBe(200);
        expect(data.entryPoint).toBe('material');
        expect(data.guestSession).toBeNull();
        expect(data.learnerState).toBeNull();
      }
    });

    it('the browser remembers its guest session per share: the plain link continues as that guest until it is forgotten', async () => {
      const cookieOf = (res: { cookies: { name: string; value: string; path?: string; maxAge?: number; httpOnly?: boolean; sameSite?: string }[] }) =>
        res.cookies.find((c) => c.name === GUEST_COOKIE);
      const created = await post('/api/guest', { name: 'Grace Hopper', publicId: share.guest });
      const guest = created.json().data.publicId as string;
      expect(cookieOf(created)).toMatchObject({ value: guest, path: `/s/${share.guest}`, httpOnly: true, sameSite: 'Lax', maxAge: GUEST_COOKIE_MAX_AGE_S });
      const remembered = `${GUEST_COOKIE}=${guest}`;

      // The plain link (any page of the share) brings the remembered guest and their state.
      const e = event({ shareId: share.guest, id: 'm-rich-q1', modelName: 'ChoiceQuestion', guestSessionId: guest }, { selected: ['m-rich-q1-b'] });
      expect((await post('/api/userdata', { events: [e] })).statusCode).toBe(200);
      const plain = await page(`/s/${share.guest}/chapter-one/`, remembered);
      expect(plain.data.guestSession).toMatchObject({ publicId: guest, name: 'Grace Hopper' });
      expect(plain.data.learnerState).toEqual({ 'm-rich-q1': { selected: ['m-rich-q1-b'] } });

      // A link with another guest of the share wins, and is remembered from then on.
      const other = await newGuest(share.guest);
      const linked = await a.app.inject({ url: `/s/${share.guest}/?guestSessionId=${other}`, headers: { cookie: remembered } });
      expect(embeddedPageData(linked.body).guestSession?.publicId).toBe(other);
      expect(cookieOf(linked)).toMatchObject({ value: other, path: `/s/${share.guest}` });

      // The service worker keeping a copy of a page with ?guestSessionId= in the background (not a navigation)
      // does not remember the guest: it would bring back a guest that another tab just forgot.
      const kept = await a.app.inject({ url: `/s/${share.guest}/?guestSessionId=${guest}`, headers: { 'sec-fetch-mode': 'same-origin', 'sec-fetch-dest': 'empty' } });
      expect(embeddedPageData(kept.body).guestSession?.publicId).toBe(guest);
      expect(cookieOf(kept)).toBeUndefined();
      const navigated = await a.app.inject({ url: `/s/${share.guest}/?guestSessionId=${guest}`, headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' } });
      expect(cookieOf(navigated)).toMatchObject({ value: guest });

      // A remembered id that is no (longer a) session of this share is dropped.
      for (const stale of [newGuestLikeId(), await newGuest(share.otherGuest)]) {
        const res = await a.app.inject({ url: `/s/${share.guest}/`, headers: { cookie: `${GUEST_COOKIE}=${stale}` } });
        expect(embeddedPageData(res.body).guestSession).toBeNull();
        expect(cookieOf(res)).toMatchObject({ value: '', path: `/s/${share.guest}` });
      }

      // Forgetting clears it; without it the plain link is a new visitor again.
      const forgotten = await post('/api/guest/forget', { publicId: share.guest }, remembered);
      expect(forgotten.statusCode).toBe(200);
      expect(forgotten.json()).toEqual({ data: null });
      expect(cookieOf(forgotten)).toMatchObject({ value: '', path: `/s/${share.guest}` });
      expect((await page(`/s/${share.guest}/`)).data).toMatchObject({ guestSession: null, learnerState: null });
      expect((await post('/api/guest/forget', { publicId: '' })).statusCode).toBe(400);
    });
  });

  it('gives no learner state on public and preview shares, whoever asks', async () => {
    for (const id of [share.public, share.preview]) {
      const { status, data } = await page(`/s/${id}/?guestSessionId=${await newGuest(share.guest)}`, ada);
      expect(status).toBe(200);
      expect(data).toMatchObject({ user: null, guestSession: null, learnerState: null });
    }
  });
});
