import { expect, test } from './support/transitions';

/*
 * Issue 10, point 5: the run's server is on the port the runner chose (E2E_PORT, set by the runner when it
 * was not given), every worker uses that same port, and it is not the port npm test holds taken meanwhile
 * (scripts/test-all.sh keeps 3100 busy with a stand-in server during the run and says so in E2E_BLOCKED_PORT).
 * Two tests that may run in parallel, so that with two workers each may land in another worker.
 */

test.describe.configure({ mode: 'parallel' });

for (const name of ['first', 'second']) {
  test(`the worker's baseURL is the runner's port and the real server answers there (${name})`, async ({ request, baseURL }, testInfo) => {
    const port = Number(new URL(baseURL!).port);
    expect(String(port)).toBe(process.env.E2E_PORT);
    if (process.env.E2E_BLOCKED_PORT) expect(port).not.toBe(Number(process.env.E2E_BLOCKED_PORT));
    const health = await request.get('/api/health');
    expect(health.ok()).toBe(true);
    expect(await health.json()).toEqual({ ok: true }); // the stand-in on the held port answers with plain text
    testInfo.annotations.push({ type: 'port', description: `worker ${testInfo.workerIndex} on ${port}` });
  });
}
