/**
 * The LMS side of a cmi5 launch, for the tests (cmi5 specification sections 8, 10 and 11): it prepares a
 * launch (registration, session id, LMS.LaunchData, the learner's preferences) and answers the AU's
 * calls: the one-time fetch URL (a token once; every later POST the cmi5 error "1"), the State
 * resource, the Agent Profile resource and the Statements resource of its xAPI endpoint, each only
 * with the launch's token and an xAPI version header, across origins (CORS, as an LMS on another host
 * must). Every statement is checked against the xAPI 2.0 rules and cmi5's (./cmi5Rules.ts) and
 * refused with 400 when it breaks one; what it received is kept for the test to inspect.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cmi5Problems, SESSION_ID, type Cmi5LaunchFacts } from './cmi5Rules';
import { statementProblems } from './statementSchema';

type Json = Record<string, unknown>;

export type LaunchOptions = {
  /** The AU's url from the course structure. */
  auUrl: string;
  /** The AU's id from the course structure (the publisher id). */
  publisherId: string;
  launchMode?: 'Normal' | 'Browse' | 'Review';
  moveOn?: string;
  masteryScore?: number | null;
  returnURL?: string;
  languagePreference?: string;
  /** The actor's name (absent: the LMS sends none). */
  actorName?: string;
};

export type LmsLaunch = Cmi5LaunchFacts & {
  /** The URL the LMS opens: the AU's url with the launch parameters. */
  url: string;
  fetchUrl: string;
  token: string;
  /** POSTs to the fetch URL. */
  fetches: number;
  /** The statements the LMS stored, in the order received. */
  statements: Json[];
  /** Statements refused, with why. */
  refused: { statement: unknown; problems: string[] }[];
  /** Requests of the AU: `METHOD resource[/stateId|profileId]`, in order. */
  requests: string[];
};

export interface LocalCmi5Lms {
  readonly origin: string;
  /** The xAPI endpoint, ending in `/`. */
  readonly endpoint: string;
  launch(options: LaunchOptions): LmsLaunch;
  close(): Promise<void>;
}

const send = (res: http.ServerResponse, status: number, body?: unknown) => {
  res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
  res.end(body === undefined ? undefined : JSON.stringify(body));
};

export async function startLocalCmi5Lms(): Promise<LocalCmi5Lms> {
  const launches = new Map<string, LmsLaunch>();
  const byFetchKey = new Map<string, LmsLaunch>();
  /** State documents by registration, activity and stateId; agent profiles by actor and profileId. */
  const states = new Map<string, unknown>();
  const profiles = new Map<string, unknown>();
  let origin = '';

  const server = http.createServer((req, res) => {
    // The AU's page is on another origin: CORS for any origin (the token is the authorisation).
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('access-control-allow-headers', 'Authorization, Content-Type, X-Experience-API-Version');
    res.setHeader('access-control-allow-methods', 'GET, PUT, POST, OPTIONS');
    res.setHeader('access-control-max-age', '600');
    if (req.method === 'OPTIONS') return send(res, 204);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', origin);
      const body = Buffer.concat(chunks).toString('utf8');
      const fetchLaunch = url.pathname.startsWith('/fetch/') ? byFetchKey.get(url.pathname.slice('/fetch/'.length)) : undefined;
      if (fetchLaunch) {
        if (req.method !== 'POST') return send(res, 405);
        fetchLaunch.fetches += 1;
        // Section 8.2: a token once; later calls the error "already in use", with status 200.
        if (fetchLaunch.fetches > 1) return send(res, 200, { 'error-code': '1', 'error-text': 'The authorization token has already been returned.' });
        return send(res, 200, { 'auth-token': fetchLaunch.token });
      }
      if (url.pathname === '/returned' && req.method === 'GET') {
        // The LMS's page the AU returns to (LMS.LaunchData returnURL).
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title></head><body><h1>Back in the LMS</h1></body></html>');
      }
      if (!url.pathname.startsWith('/xapi/')) return send(res, 404);
      const token = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const launch = token ? launches.get(token) : undefined;
      if (!launch) return send(res, 401, { error: 'no valid token' });
      if (!/^(1\.0\.\d+|2\.0\.\d+)$/.test(String(req.headers['x-experience-api-version'] ?? ''))) return send(res, 400, { error: 'X-Experience-API-Version missing' });
      const resource = url.pathname.slice('/xapi/'.length);
      const q = url.searchParams;
      const sameAgent = () => {
        try {
          return JSON.stringify(JSON.parse(q.get('agent') ?? '')) === JSON.stringify(launch.actor);
        } catch {
          return false;
        }
      };
      if (resource === 'activities/state') {
        const stateId = q.get('stateId') ?? '';
        launch.requests.push(`${req.method} state/${stateId}`);
        if (q.get('activityId') !== launch.activityId || q.get('registration') !== launch.registration || !sameAgent()) return send(res, 400, { error: 'not this launch\'s activity, agent or registration' });
        const key = `${launch.registration}|${launch.activityId}|${stateId}`;
        if (req.method === 'GET') return states.has(key) ? send(res, 200, states.get(key)) : send(res, 404);
        // The AU must never write LMS.LaunchData (10.2.1): refused.
        if (stateId === 'LMS.LaunchData') return send(res, 403, { error: 'LMS.LaunchData is the LMS\'s' });
        if (req.method === 'PUT' || req.method === 'POST') {
          states.set(key, JSON.parse(body));
          return send(res, 204);
        }
        return send(res, 405);
      }
      if (resource === 'agents/profile') {
        const profileId = q.get('profileId') ?? '';
        launch.requests.push(`${req.method} profile/${profileId}`);
        if (!sameAgent()) return send(res, 400, { error: 'not the launch\'s agent' });
        const key = `${JSON.stringify(launch.actor)}|${profileId}`;
        if (req.method === 'GET') return profiles.has(key) ? send(res, 200, profiles.get(key)) : send(res, 404);
        return send(res, 403);
      }
      if (resource === 'statements' && req.method === 'POST') {
        launch.requests.push('POST statements');
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          return send(res, 400, { error: 'not JSON' });
        }
        const batch = (Array.isArray(parsed) ? parsed : [parsed]) as Json[];
        const problems = batch.map((statement) => [...statementProblems(statement), ...cmi5Problems(statement, launch)]);
        if (problems.some((p) => p.length)) {
          batch.forEach((statement, i) => problems[i].length && launch.refused.push({ statement, problems: problems[i] }));
          return send(res, 400, { error: problems.flat().join('; ') });
        }
        for (const statement of batch) {
          // The same id again (a retry) is the same statement: stored once.
          if (!launch.statements.some((held) => held.id === statement.id)) launch.statements.push(statement);
        }
        return send(res, 200, batch.map((s) => s.id));
      }
      return send(res, 404);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const endpoint = `${origin}/xapi/`;

  return {
    origin,
    endpoint,
    launch(options) {
      const registration = randomUUID();
      const sessionId = randomUUID();
      const fetchKey = randomBytes(12).toString('hex');
      const account = { homePage: origin, name: randomBytes(6).toString('hex') };
      const actor: Json = { objectType: 'Agent', ...(options.actorName ? { name: options.actorName } : {}), account };
      const activityId = `${origin}/activities/au/${randomBytes(4).toString('hex')}`;
      const launch: LmsLaunch = {
        actor,
        activityId,
        registration,
        sessionId,
        publisherId: options.publisherId,
        masteryScore: options.masteryScore ?? null,
        url: '',
        fetchUrl: `${origin}/fetch/${fetchKey}`,
        token: Buffer.from(`${fetchKey}:${randomBytes(9).toString('hex')}`).toString('base64'),
        fetches: 0,
        statements: [],
        refused: [],
        requests: [],
      };
      const query = new URLSearchParams({ endpoint, fetch: launch.fetchUrl, actor: JSON.stringify(actor), registration, activityId });
      launch.url = `${options.auUrl}${options.auUrl.includes('?') ? '&' : '?'}${query.toString()}`;
      launches.set(launch.token, launch);
      byFetchKey.set(fetchKey, launch);
      // Section 10: written before the launch.
      states.set(`${registration}|${activityId}|LMS.LaunchData`, {
        contextTemplate: {
          contextActivities: { grouping: [{ objectType: 'Activity', id: options.publisherId }] },
          extensions: { [SESSION_ID]: sessionId },
        },
        launchMode: options.launchMode ?? 'Normal',
        moveOn: options.moveOn ?? 'Completed',
        ...(options.masteryScore === undefined || options.masteryScore === null ? {} : { masteryScore: options.masteryScore }),
        ...(options.returnURL ? { returnURL: options.returnURL } : {}),
        launchParameters: '',
      });
      if (options.languagePreference) profiles.set(`${JSON.stringify(actor)}|cmi5LearnerPreferences`, { languagePreference: options.languagePreference, audioPreference: 'on' });
      return launch;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
