import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { parseDsn } from '../../server/errorReporting/dsn';
import { DUPLICATE_WINDOW_MS, ErrorReporter, MAX_RETRY_AFTER_MS, REPORTS_PER_MINUTE } from '../../server/errorReporting/errorReporter';
import { scrub } from '../../server/errorReporting/scrub';
import { stackFrames } from '../../server/errorReporting/stackFrames';
import { installErrorHandlers } from '../../server/http/errors';
import { CLIENT_REPORTS_PER_ADDRESS_PER_MINUTE, clientErrorRoutes } from '../../server/routes/clientErrors';
import { startErrorService, type ErrorService } from '../support/errorService';
import { embeddedPageData } from './app';
import { useTestDatabase } from './databases';
import { runTsx } from './spawn';

/*
 * The error-reporting service of spec section 7 (server/errorReporting/): started when a DSN is
 * configured; the server's failures and the browsers' reports (POST /api/client-errors) reach it as
 * Sentry envelopes. The service here is a local one speaking that protocol (tests/support/errorService.ts).
 */

const FLAGS = { FULLTEXT_SEARCH: false, ANNOTATION_COMMENTS: false, USE_GRAVATAR: false, PRIVATE_MODE: false, GENERATIVE_FEEDBACK: false, ERROR_REPORTING: false };
const origin = { release: 'lernwerk@test', environment: 'testing', serverName: 'test-host' };

function reporterFor(dsn: string, warnings: string[] = [], now?: () => number) {
  return new ErrorReporter({ dsn: parseDsn(dsn), ...origin, warn: (message) => warnings.push(message), now });
}

describe('a DSN', () => {
  it('names the envelope endpoint of its project, with a path prefix and a port', () => {
    expect(parseDsn('https://abc123@errors.example.org/7')).toMatchObject({ publicKey: 'abc123', projectId: '7', envelopeUrl: 'https://errors.example.org/api/7/envelope/' });
    expect(parseDsn('http://k@127.0.0.1:9000/glitchtip/12').envelopeUrl).toBe('http://127.0.0.1:9000/glitchtip/api/12/envelope/');
  });

  it('that is wrong says what is wrong with it', () => {
    expect(() => parseDsn('errors.example.org/7')).toThrow(/not a URL/);
    expect(() => parseDsn('ftp://k@errors.example.org/7')).toThrow(/http or https/);
    expect(() => parseDsn('https://errors.example.org/7')).toThrow(/no public key/);
    expect(() => parseDsn('https://k@errors.example.org/project')).toThrow(/numeric project id/);
  });

  it('in the environment starts the service; a wrong one stops the server with the variable named', () => {
    expect(readConfig({}).errorReporting).toBeNull();
    expect(readConfig({ ERROR_REPORTING_DSN: ' ' }).errorReporting).toBeNull();
    const config = readConfig({ ERROR_REPORTING_DSN: 'https://k@errors.example.org/3', ERROR_REPORTING_ENVIRONMENT: 'staging' });
    expect(config.errorReporting).toMatchObject({ dsn: { projectId: '3' }, environment: 'staging' });
    expect(readConfig({ ERROR_REPORTING_DSN: 'https://k@errors.example.org/3' }).errorReporting?.environment).toBe('production');
    // Blank, as templates of container settings leave it: unset.
    expect(readConfig({ ERROR_REPORTING_DSN: 'https://k@errors.example.org/3', ERROR_REPORTING_ENVIRONMENT: '' }).errorReporting?.environment).toBe('production');
    expect(readConfig({ ERROR_REPORTING_ENVIRONMENT: '' }).errorReporting).toBeNull();
    expect(() => readConfig({ ERROR_REPORTING_DSN: 'https://errors.example.org/3' })).toThrow(/ERROR_REPORTING_DSN: names no public key/);
  });
});

describe('scrubbing a text before it leaves', () => {
  it('takes out share paths, queries and id-like runs, and leaves words alone', () => {
    expect(scrub('GET /s/i8BSaTAjx_UlGx7UrxeDxy3o/kap-1/?guestSessionId=abc')).toBe('GET /s/:share/kap-1/');
    expect(scrub('session 550e8400-e29b-41d4-a716-446655440000 expired')).toBe('session :id expired');
    expect(scrub('token Zm9vYmFyYmF6cXV4cXV1eA not valid')).toBe('token :id not valid');
    expect(scrub('Die Internationalisierungsstrategie fehlt in /app/assets/viewer-jy41MXee.js')).toBe('Die Internationalisierungsstrategie fehlt in /app/assets/viewer-jy41MXee.js');
  });
});

describe('the frames of a stack', () => {
  it('are read from V8 and from Firefox and Safari, oldest call first, with our code told from dependencies', () => {
    const v8 = ['TypeError: x is undefined', '    at inner (/app/server/routes/a.ts:10:5)', '    at async outer (/app/node_modules/fastify/lib/x.js:20:7)', '    at /app/assets/app-1.js?v=2:3:4', '    at new Promise (<anonymous>)'].join('\n');
    expect(stackFrames(v8)).toEqual([
      { filename: '/app/assets/app-1.js', lineno: 3, colno: 4, in_app: true },
      { function: 'outer', filename: '/app/node_modules/fastify/lib/x.js', lineno: 20, colno: 7, in_app: false },
      { function: 'inner', filename: '/app/server/routes/a.ts', lineno: 10, colno: 5, in_app: true },
    ]);
    expect(stackFrames('render@https://host/app/assets/viewer-2.js:5:6\n@https://host/app/assets/app-1.js:1:2')).toEqual([
      { filename: 'https://host/app/assets/app-1.js', lineno: 1, colno: 2, in_app: true },
      { function: 'render', filename: 'https://host/app/assets/viewer-2.js', lineno: 5, colno: 6, in_app: true },
    ]);
    expect(stackFrames(undefined)).toEqual([]);
  });

  it('leave out lines too long to be a frame (a crafted stack costs the patterns nothing)', () => {
    const crafted = `${'@'.repeat(8000)}${':'.repeat(7999)}`;
    expect(stackFrames(`Error: x\n${crafted}\n    at f (/app/server/a.ts:1:2)`)).toEqual([{ function: 'f', filename: '/app/server/a.ts', lineno: 1, colno: 2, in_app: true }]);
  });
});

describe('with a service configured', () => {
  const t = useTestDatabase('pglite');
  let service: ErrorService;
  let app: FastifyInstance;
  let clientDir: string;
  beforeAll(async () => {
    service = await startErrorService();
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-client-'));
    app = await buildApp({ db: t.db, clientDir, contentDirs: [], cacheDir: path.join(clientDir, 'cache'), featureFlags: FLAGS, errorReporter: reporterFor(service.dsn) });
    // A route that fails as a bug would, with ids in its address.
    app.get('/api/failing/:share', async () => {
      throw new TypeError('the bug');
    });
    // Code may throw what is no Error at all.
    app.get('/api/throwing-an-object', async () => {
      throw { statusCode: 500, reason: 'not an Error' };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await service?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it("a failing request is reported with its route, never the ids in its address, and the learner gets the usual 500", async () => {
    const res = await app.inject({ url: '/api/failing/SECRET-SHARE-ID?guestSessionId=SECRET-GUEST' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errors: [{ path: '', message: 'Internal server error' }] });
    const [received] = await service.waitFor(1);
    expect(received.project).toBe('42');
    expect(received.auth).toMatchObject({ sentry_key: 'testkey', sentry_version: '7', sentry_client: 'lernwerk/test' });
    expect(received.contentType).toBe('application/x-sentry-envelope');
    expect(received.header.dsn).toBe(service.dsn);
    expect(received.event).toMatchObject({ platform: 'node', level: 'error', release: 'lernwerk@test', environment: 'testing', server_name: 'test-host', transaction: 'GET /api/failing/:share' });
    const [exception] = received.event.exception.values;
    expect(exception).toMatchObject({ type: 'TypeError', value: 'the bug' });
    expect(exception.stacktrace.frames.at(-1)).toMatchObject({ in_app: true, filename: expect.stringContaining('errorReporting.test.ts') });
    expect(JSON.stringify(received)).not.toMatch(/SECRET/);
  });

  it('a route that throws something that is no Error is reported as well, and the server goes on', async () => {
    const before = service.received.length;
    const res = await app.inject({ url: '/api/throwing-an-object' });
    expect(res.statusCode).toBe(500);
    const received = (await service.waitFor(before + 1))[before];
    expect(received.event.exception.values[0]).toMatchObject({ type: 'NonError', value: '{"statusCode":500,"reason":"not an Error"}' });
    expect(received.event.transaction).toBe('GET /api/throwing-an-object');
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it("a browser's report is passed on with its page, the share left out, and its browser", async () => {
    const before = service.received.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'user-agent': 'TestBrowser/1.0' },
      payload: { kind: 'error', type: 'RangeError', message: 'page broke', stack: 'RangeError: page broke\n    at f (http://h/app/assets/viewer-x.js:1:2)', page: '/s/SECRET-SHARE/kapitel-1/' },
    });
    expect(res.statusCode).toBe(202);
    const received = (await service.waitFor(before + 1))[before];
    expect(received.event).toMatchObject({ platform: 'javascript', logger: 'browser', transaction: '/s/:share/kapitel-1/', request: { headers: { 'User-Agent': 'TestBrowser/1.0' } } });
    expect(received.event.exception.values[0]).toMatchObject({ type: 'RangeError', value: 'page broke', mechanism: { type: 'error', handled: false } });
    expect(received.event.exception.values[0].stacktrace.frames).toEqual([{ function: 'f', filename: 'http://h/app/assets/viewer-x.js', lineno: 1, colno: 2, in_app: true }]);
    expect(received.event).not.toHaveProperty('server_name');
    expect(JSON.stringify(received)).not.toMatch(/SECRET/);
  });

  it("ids and queries in a report's message and frames are scrubbed before it leaves: a share's id opens the share", async () => {
    const before = service.received.length;
    const share = 'i8BSaTAjx_UlGx7UrxeDxy3o';
    const res = await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: {
        kind: 'console',
        type: 'HttpError',
        message: `The material could not be loaded: HTTP 404 for /api/material/${share}/kap-1?guestSessionId=Gz81kPq_7aXw2mNvBc4dEf in "Der Wasserkreislauf"`,
        stack: `HttpError: HTTP 404\n    at load (http://h/s/${share}/app.js?guestSessionId=x:1:2)`,
        page: `/s/${share}/kap-1/`,
      },
    });
    expect(res.statusCode).toBe(202);
    const received = (await service.waitFor(before + 1))[before];
    const [exception] = received.event.exception.values;
    expect(exception.value).toBe('The material could not be loaded: HTTP 404 for /api/material/:id/kap-1 in "Der Wasserkreislauf"');
    expect(exception.stacktrace.frames[0].filename).toBe('http://h/s/:share/app.js');
    expect(JSON.stringify(received)).not.toContain(share);
    expect(JSON.stringify(received)).not.toContain('Gz81kPq');
  });

  it('a bad report is refused with the paths of its fields, and nothing is sent', async () => {
    const before = service.received.length;
    const res = await app.inject({ method: 'POST', url: '/api/client-errors', payload: { kind: 'crash', type: 'Error', message: 'x'.repeat(2001), page: 'kapitel-1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((error: { path: string }) => error.path).sort()).toEqual(['kind', 'message', 'page']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(service.received.length).toBe(before);
  });

  it('the pages tell the browser to report its errors', async () => {
    const page = await app.inject({ url: '/s/no-such-share/' });
    expect(embeddedPageData(page.body).featureFlags.ERROR_REPORTING).toBe(true);
  });
});

describe('without a service', () => {
  const t = useTestDatabase('pglite');
  let app: FastifyInstance;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-client-'));
    app = await buildApp({ db: t.db, clientDir, contentDirs: [], cacheDir: path.join(clientDir, 'cache'), featureFlags: FLAGS });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('the pages do not report, and a report that comes anyway is answered 404 with the reason', async () => {
    const page = await app.inject({ url: '/s/no-such-share/' });
    expect(embeddedPageData(page.body).featureFlags.ERROR_REPORTING).toBe(false);
    const res = await app.inject({ method: 'POST', url: '/api/client-errors', payload: { kind: 'error', type: 'Error', message: 'm', page: '/' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].message).toMatch(/ERROR_REPORTING_DSN/);
  });
});

describe('the reporter', () => {
  let service: ErrorService;
  beforeAll(async () => {
    service = await startErrorService();
  });
  afterAll(() => service?.close());

  const report = (message: string, stack?: string) => ({ platform: 'javascript' as const, type: 'Error', message, stack });

  it('sends the same error once in a while, and no more than its rate a minute', async () => {
    let now = 1_000_000;
    const reporter = reporterFor(service.dsn, [], () => now);
    const before = service.received.length;
    expect(reporter.report(report('once'))).toBe('sending');
    expect(reporter.report(report('once'))).toBe('duplicate');
    // The same message thrown from another place of ours is another error.
    expect(reporter.report(report('once', 'Error: once\n    at g (http://h/app/assets/b.js:9:9)'))).toBe('sending');
    now += DUPLICATE_WINDOW_MS;
    // A minute on: sent again, and the minute's count starts anew.
    expect(reporter.report(report('once'))).toBe('sending');
    for (let i = 1; i < REPORTS_PER_MINUTE; i++) expect(reporter.report(report(`error ${i}`))).toBe('sending');
    expect(reporter.report(report('one too many'))).toBe('limited');
    // The browsers' budget is spent; the server's is its own. A crash is sent whatever is spent.
    expect(reporter.report({ ...report('the server fails'), platform: 'node' })).toBe('sending');
    expect(reporter.report(report('one too many'), { force: true })).toBe('sending');
    now += 60_000;
    expect(reporter.report(report('a minute later'))).toBe('sending');
    await reporter.flush();
    expect(service.received.length - before).toBe(2 + REPORTS_PER_MINUTE + 3);
    expect(reporter.counts).toEqual({ sent: 2 + REPORTS_PER_MINUTE + 3, failed: 0, duplicates: 1, limited: 1 });
  });

  it("heeds a 429's Retry-After: nothing is sent until then", async () => {
    let now = 5_000_000;
    const warnings: string[] = [];
    const reporter = reporterFor(service.dsn, warnings, () => now);
    service.answerWith(429, { 'retry-after': '120' });
    try {
      reporter.report(report('while full'));
      await reporter.flush();
    } finally {
      service.answerWith(200);
    }
    expect(warnings).toEqual([expect.stringContaining('answered 429')]);
    now += 119_000;
    expect(reporter.report(report('still silent'))).toBe('limited');
    now += 1_000;
    expect(reporter.report(report('heard again'))).toBe('sending');
    await reporter.flush();
    expect(service.received.at(-1)?.event.exception.values[0].value).toBe('heard again');
  });

  it.each([
    ['an exception nothing caught', [], 'TypeError', 'crashed in a timer'],
    ['an unhandled rejection', ['rejection'], 'RangeError', 'rejected and forgotten'],
  ])('of a process that crashes on %s: reported, then it ends as before, printed and with exit code 1', async (_what, args, type, message) => {
    const before = service.received.length;
    const result = await runTsx('tests/server/child/crash.ts', args, { ERROR_REPORTING_DSN: service.dsn, ERROR_REPORTING_ENVIRONMENT: 'crash-test' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${type}: ${message}`);
    const received = (await service.waitFor(before + 1))[before];
    expect(received.event).toMatchObject({ platform: 'node', environment: 'crash-test', transaction: 'process', release: expect.stringMatching(/^lernwerk@\d+\.\d+\.\d+/) });
    expect(received.event.exception.values[0]).toMatchObject({ type, value: message, mechanism: { type: 'uncaught', handled: false } });
  });

  it("heeds the service's X-Sentry-Rate-Limits for errors, and takes no pause of more than an hour", async () => {
    let now = 9_000_000;
    const reporter = reporterFor(service.dsn, [], () => now);
    service.answerWith(200, { 'x-sentry-rate-limits': '30:transaction:organization, 90:error;default:project' });
    try {
      reporter.report(report('accepted, with a limit'));
      await reporter.flush();
    } finally {
      service.answerWith(200);
    }
    now += 89_000;
    expect(reporter.report(report('during the limit'))).toBe('limited');
    now += 1_000;
    expect(reporter.report(report('after it'))).toBe('sending');
    await reporter.flush();

    service.answerWith(429, { 'retry-after': String(24 * 3600) });
    try {
      reporter.report(report('asked for a day'));
      await reporter.flush();
    } finally {
      service.answerWith(200);
    }
    now += MAX_RETRY_AFTER_MS;
    expect(reporter.report(report('an hour later'))).toBe('sending');
    await reporter.flush();
  });

  it('that cannot reach its service warns in the log, and nothing throws', async () => {
    const gone = await startErrorService();
    const dsn = gone.dsn;
    await gone.close();
    const warnings: string[] = [];
    const reporter = reporterFor(dsn, warnings);
    expect(reporter.report(report('lost'))).toBe('sending');
    await reporter.flush();
    expect(reporter.counts.failed).toBe(1);
    expect(warnings).toEqual([expect.stringMatching(/^Error report not delivered to http:\/\/127\.0\.0\.1:\d+\/api\/42\/envelope\/: /)]);
  });
});

describe('the route browsers report through', () => {
  let service: ErrorService;
  let app: FastifyInstance;
  let now = 1_000_000;
  beforeAll(async () => {
    service = await startErrorService();
    app = Fastify();
    installErrorHandlers(app);
    await app.register(clientErrorRoutes, { prefix: '/api', reporter: reporterFor(service.dsn, [], () => now), now: () => now });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await service?.close();
  });

  const send = (message: string, remoteAddress = '198.51.100.7') =>
    app.inject({ method: 'POST', url: '/api/client-errors', remoteAddress, payload: { kind: 'error', type: 'Error', message, page: '/' } });

  it(`takes ${CLIENT_REPORTS_PER_ADDRESS_PER_MINUTE} reports a minute from one address, answering 202 whether a report was sent or dropped as a repeat`, async () => {
    expect((await send('first')).statusCode).toBe(202);
    expect((await send('first')).statusCode).toBe(202);
    for (let i = 2; i < CLIENT_REPORTS_PER_ADDRESS_PER_MINUTE; i++) expect((await send(`report ${i}`)).statusCode).toBe(202);
    const over = await send('one too many');
    expect(over.statusCode).toBe(429);
    expect(over.json().errors[0].message).toMatch(/Too many error reports/);
    expect((await send('from another address', '203.0.113.9')).statusCode).toBe(202);
    now += 60_000;
    expect((await send('a minute later')).statusCode).toBe(202);
  });
});
