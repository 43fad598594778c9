import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { registerPlatform } from '../../server/lti/platforms';
import { scoreStatus } from '../../server/lti/scores';
import { importFile } from '../../server/store/import';
import { saveRootProgress } from '../../server/store/rootProgress';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { richMaterial } from './fixtures';
import { startPlatformDouble, type PlatformDouble } from './ltiPlatform';

/*
 * AGS 2.0 scores through the outbox: a launch with a line item makes the learner's progress on the
 * material go to the platform's gradebook, "Started" at once; a change while the platform is down
 * waits, survives a restart of the server, and arrives once the platform is back, exactly once.
 */

const TOOL = 'http://tool.test';
const kind = testDatabaseKinds[testDatabaseKinds.length - 1];

describe(`LTI scores on ${kind}`, () => {
  const t = useTestDatabase(kind);
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-lti-scores-'));
  let app: FastifyInstance | null = null;
  let platform: PlatformDouble;
  let share = '';
  const start = async () => {
    app = await buildApp({ db: t.db, clientDir, contentDirs: [], cacheDir: path.join(clientDir, 'cache'), ltiScores: { pollMs: 50, backoffBaseMs: 100, requestTimeoutMs: 2_000 } });
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    platform = await startPlatformDouble({ toolLaunchUrl: () => `${TOOL}/lti/launch`, toolJwks: async () => (await app!.inject({ url: '/lti/jwks' })).json() as JSONWebKeySet });
    await registerPlatform(t.db, { issuer: platform.issuer, clientId: platform.clientId, deploymentIds: [platform.deploymentId], authUrl: platform.authUrl, tokenUrl: platform.tokenUrl, jwksUrl: platform.jwksUrl });
    share = (await importFile(t.db, richMaterial, { share: 'guest' })).share.publicId;
  });
  afterAll(async () => {
    await app?.close();
    await platform?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const launch = async (server: FastifyInstance) => {
    const target = `${TOOL}/s/${share}/`;
    const login = await server.inject({ url: `/lti/login?${new URLSearchParams({ iss: platform.issuer, login_hint: 'h', target_link_uri: target, client_id: platform.clientId })}`, headers: { host: 'tool.test' } });
    const location = new URL(login.headers.location as string);
    const cookie = ([login.headers['set-cookie']].flat()[0] as string).split(';')[0];
    const now = Math.floor(Date.now() / 1000);
    const idToken = await platform.idToken({ ...platform.launchClaims(target, 'sub-scored', platform.agsClaim), nonce: location.searchParams.get('nonce'), iat: now, exp: now + 300 });
    const res = await server.inject({
      method: 'POST',
      url: '/lti/launch',
      headers: { host: 'tool.test', 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams({ id_token: idToken, state: location.searchParams.get('state') ?? '' }).toString(),
    });
    expect(res.statusCode, res.body).toBe(303);
    return new URL(res.headers.location as string).searchParams.get('guestSessionId') ?? '';
  };
  const until = async (what: () => boolean | Promise<boolean>, ms = 10_000) => {
    const end = Date.now() + ms;
    while (!(await what())) {
      if (Date.now() > end) throw new Error('deadline passed');
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  it('posts Started at the launch, then the changed progress once the platform is back, across a restart, exactly once', async () => {
    const first = await start();
    const guest = await launch(first);
    await until(() => platform.scores.length === 1);
    const [started] = platform.scores;
    expect(started.url).toBe('/lineitems/7/scores?course=1');
    expect(started.body).toEqual({ userId: 'sub-scored', scoreGiven: 0, scoreMaximum: 100, activityProgress: 'Started', gradingProgress: 'Pending', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
    expect(platform.assertions[0]).toMatchObject({ iss: platform.clientId, sub: platform.clientId, aud: platform.tokenUrl });

    platform.down = true;
    await saveRootProgress(t.db, share, { kind: 'guest', guestSessionId: guest }, richMaterial.id, 0.5);
    const attempted = async () => ((await t.db.query<{ attempts: number }>('SELECT attempts FROM lti_line_items WHERE sub = $1', ['sub-scored']))[0]?.attempts ?? 0) >= 2;
    await until(attempted);
    expect(await scoreStatus(t.db)).toMatchObject({ waiting: 1, oldestWaiting: { issuer: platform.issuer, lineItemUrl: platform.lineItemUrl }, parked: [] });
    await first.close();
    app = null;

    platform.down = false;
    await start();
    await until(() => platform.scores.length >= 2);
    expect(platform.scores[1].body).toMatchObject({ userId: 'sub-scored', scoreGiven: 50, activityProgress: 'InProgress', gradingProgress: 'Pending' });

    await saveRootProgress(t.db, share, { kind: 'guest', guestSessionId: guest }, richMaterial.id, 1);
    await until(() => platform.scores.length >= 3);
    await new Promise((r) => setTimeout(r, 400));
    expect(platform.scores, 'each change once').toHaveLength(3);
    const done = platform.scores[2].body;
    expect(done).toMatchObject({ userId: 'sub-scored', scoreGiven: 100, scoreMaximum: 100, activityProgress: 'Completed', gradingProgress: 'FullyGraded' });
    const times = platform.scores.map((s) => Date.parse(s.body.timestamp as string));
    expect(times[1]).toBeGreaterThan(times[0]);
    expect(times[2]).toBeGreaterThan(times[1]);
    expect(platform.assertions.length, 'the access token is cached until it expires, per server').toBe(2);
    expect(await scoreStatus(t.db)).toEqual({ waiting: 0, oldestWaiting: null, parked: [] });
  });

  it('parks a score the platform refuses for good, for the administrator, until the progress changes again', async () => {
    const guest = (await t.db.query<{ learner_key: string }>('SELECT learner_key FROM lti_line_items WHERE sub = $1', ['sub-scored']))[0].learner_key.replace(/^guest:/, '');
    const sent = platform.scores.length;
    platform.refuse = true;
    await saveRootProgress(t.db, share, { kind: 'guest', guestSessionId: guest }, richMaterial.id, 0.9);
    await until(async () => (await scoreStatus(t.db)).parked.length === 1);
    expect((await scoreStatus(t.db)).parked).toEqual([{ issuer: platform.issuer, lineItemUrl: platform.lineItemUrl, sub: 'sub-scored', reason: 'scores URL answered 400' }]);
    platform.refuse = false;
    await saveRootProgress(t.db, share, { kind: 'guest', guestSessionId: guest }, richMaterial.id, 1);
    await until(() => platform.scores.length === sent + 1);
    // The outbox marks the score sent once the platform's answer is in, a moment after the platform has it.
    await until(async () => (await scoreStatus(t.db)).waiting === 0);
    expect(await scoreStatus(t.db)).toEqual({ waiting: 0, oldestWaiting: null, parked: [] });
    expect(platform.scores, 'sent once').toHaveLength(sent + 1);
  });
});
