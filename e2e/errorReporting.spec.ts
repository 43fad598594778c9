import { startErrorService, type ErrorService } from '../tests/support/errorService';
import { demoShares, sharePath } from './support/demoShares';
import { ownOrigin, ownPort, ownServer, type OwnServer } from './support/ownServer';
import { expect, test } from './support/transitions';

/*
 * Spec section 7: an error-reporting service is started when a configuration with a DSN is present. A
 * server of this spec's own, configured with the DSN of a local service speaking Sentry's envelope
 * protocol (tests/support/errorService.ts); a learner's page fails, and the service hears of it.
 */

const port = ownPort(1);
test.use({ baseURL: ownOrigin(port) });
let service: ErrorService | null = null;
let server: OwnServer | null = null;

test.beforeAll(async () => {
  service = await startErrorService();
  server = ownServer(port, { env: { ERROR_REPORTING_DSN: service.dsn, ERROR_REPORTING_ENVIRONMENT: 'e2e' } });
  await server.start();
});

// Whatever happened: no server may outlive the spec.
test.afterAll(async () => {
  await server?.dispose();
  await service?.close();
});

test("an error in a learner's page reaches the error-reporting service through the server, without the share's id or the page's query", async ({ page, request }) => {
  const { material } = await demoShares(request);
  await page.goto(`${sharePath(material, 'wasserkreislauf/')}?lang=en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Der Wasserkreislauf' })).toBeVisible();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  // A fault in the page's code: thrown from a timer, so nothing of the app catches it.
  await expect
    .poll(async () => {
      await page.evaluate(() => setTimeout(() => {
        throw new TypeError('the page broke');
      }));
      return service!.received.length;
    }, { message: 'the report arrives (the reporter loads after the page is up; an error before is not heard)' })
    .toBeGreaterThan(0);
  const [{ event, auth }] = service!.received;
  expect(auth.sentry_key).toBe('testkey');
  expect(event).toMatchObject({ platform: 'javascript', environment: 'e2e', transaction: '/s/:share/wasserkreislauf/' });
  expect(event.exception.values[0]).toMatchObject({ type: 'TypeError', value: 'the page broke', mechanism: { type: 'error' } });
  expect(event.request.headers['User-Agent']).toMatch(/Chrome/);
  expect(JSON.stringify(service!.received)).not.toContain(material);
  expect(JSON.stringify(service!.received)).not.toContain('lang=en');
  expect(pageErrors[0]).toBe('the page broke');
});
