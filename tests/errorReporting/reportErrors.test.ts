// @vitest-environment jsdom
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { parseDsn } from '../../server/errorReporting/dsn';
import { ErrorReporter } from '../../server/errorReporting/errorReporter';
import { HttpError } from '../../src/api/client';
import { MAX_REPORTS_PER_PAGE, reportErrors } from '../../src/errorReporting/reportErrors';
import { CLIENT_ERROR_LIMITS } from '../../model/clientError';
import { useTestDatabase } from '../server/databases';
import { startErrorService, type ErrorService } from '../support/errorService';

/*
 * The browser's side of error reporting (src/errorReporting/reportErrors.ts), against the real HTTP app
 * listening on a port and a local service speaking Sentry's protocol behind it.
 */
describe("a page's errors", () => {
  const t = useTestDatabase('pglite');
  let service: ErrorService;
  let app: FastifyInstance;
  let clientDir: string;
  let apiBase: string;
  let stop: (() => void) | undefined;
  beforeAll(async () => {
    service = await startErrorService();
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-client-'));
    const errorReporter = new ErrorReporter({ dsn: parseDsn(service.dsn), release: 'r', environment: 'e', serverName: 's', warn: () => undefined });
    app = await buildApp({ db: t.db, clientDir, contentDirs: [], cacheDir: path.join(clientDir, 'cache'), errorReporter });
    apiBase = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api`;
  });
  afterEach(() => stop?.());
  afterAll(async () => {
    await app?.close();
    await service?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const events = () => service.received.map((received) => received.event);
  const lastValues = (count: number) => events().slice(-count).map((event) => `${event.exception.values[0].mechanism.type}: ${event.exception.values[0].value}`);

  it('reach the service: an uncaught error, an unhandled rejection and an error the app logs, with the path of the page but not its share or query', async () => {
    window.history.pushState({}, '', '/s/SECRET-SHARE/kapitel-2/?guestSessionId=SECRET-GUEST');
    // The report is what is tested: the console itself stays quiet (reportErrors wraps what it finds).
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stop = reportErrors(window, apiBase);
    const before = service.received.length;
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('uncaught'), message: 'uncaught' }));
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('rejected') }));
    console.error('The annotation could not be saved', new RangeError('logged'));
    // The router logs a material that is gone (404): the product working, not a fault of the page.
    console.error(new HttpError(404, '/api/material/x/y', new Headers()));
    console.error('a message without an error object');
    expect(quiet).toHaveBeenCalledTimes(3);
    stop();
    stop = undefined;
    quiet.mockRestore();
    await service.waitFor(before + 3);
    // Nothing more comes (the 404): its report would have had the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(service.received.length).toBe(before + 3);
    expect(lastValues(3).sort()).toEqual(['console: The annotation could not be saved: logged', 'error: uncaught', 'rejection: rejected']);
    for (const event of events().slice(-3)) {
      expect(event.platform).toBe('javascript');
      expect(event.transaction).toBe('/s/:share/kapitel-2/');
    }
    expect(JSON.stringify(service.received.slice(-3))).not.toMatch(/SECRET/);
    expect(events().slice(-3).find((event) => event.exception.values[0].value === 'uncaught')?.exception.values[0].type).toBe('TypeError');
  });

  it("sends each error once and no more than its share of a page's reports; an error without an error object from another origin is not sent", async () => {
    stop = reportErrors(window, apiBase);
    const before = service.received.length;
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    for (let i = 0; i < 3; i++) window.dispatchEvent(new ErrorEvent('error', { error: new Error('again and again') }));
    for (let i = 0; i < MAX_REPORTS_PER_PAGE + 5; i++) window.dispatchEvent(new ErrorEvent('error', { error: new Error(`error ${i}`) }));
    await service.waitFor(before + MAX_REPORTS_PER_PAGE);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(service.received.length - before).toBe(MAX_REPORTS_PER_PAGE);
    expect(lastValues(MAX_REPORTS_PER_PAGE)).toContain('error: again and again');
    expect(lastValues(MAX_REPORTS_PER_PAGE)).not.toContain('error: Script error.');
  });

  it('without a message are named by their type; a long one is cut, never between the halves of a character', async () => {
    stop = reportErrors(window, apiBase);
    const before = service.received.length;
    window.dispatchEvent(new ErrorEvent('error', { error: new SyntaxError() }));
    // A message whose cut would fall inside the emoji at its end.
    window.dispatchEvent(new ErrorEvent('error', { error: new Error(`${'x'.repeat(CLIENT_ERROR_LIMITS.message - 2)}🌊🌊`) }));
    const [untitled, long] = (await service.waitFor(before + 2)).slice(before).map((received) => received.event.exception.values[0]);
    expect(untitled).toMatchObject({ type: 'SyntaxError', value: 'SyntaxError' });
    expect(long.value).toMatch(/^x+…$/);
  });

  it('stop reporting when asked, and give console.error back', async () => {
    const original = console.error;
    const stopNow = reportErrors(window, apiBase);
    expect(console.error).not.toBe(original);
    stopNow();
    expect(console.error).toBe(original);
    const before = service.received.length;
    // Handled here, so that the test run does not count it as an error nothing caught.
    const handled = (event: Event) => event.preventDefault();
    window.addEventListener('error', handled);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('after stopping'), cancelable: true }));
    window.removeEventListener('error', handled);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(service.received.length).toBe(before);
  });
});
