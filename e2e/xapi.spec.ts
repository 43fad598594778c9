import type { Page } from '@playwright/test';
import { readServerFiles } from '../server/admin/serverFile';
import type { OutboxStatus } from '../server/xapi/outbox';
import type { Statement } from '../server/xapi/statement';
import { startLocalLrs, type LocalLrs } from '../tests/xapi/localLrs';
import { statementProblems } from '../tests/xapi/statementSchema';
import { demoElement, textOf } from './support/demoAnswers';
import { demoMaterial } from './support/demoContent';
import { demoShares, sharePath } from './support/demoShares';
import { expectAllSaved, saveGuestProgress } from './support/guest';
import { clickChoice, de, element, openChapterCard } from './support/learner';
import { ownOrigin, ownPort, ownServer, type OwnServer } from './support/ownServer';
import { storedEvents } from './support/storedEvents';
import { expect, test } from './support/transitions';

/*
 * Issue 26, "nothing lost, nothing twice" for learning records (docs/xapi.md): a guest answers in
 * Chromium while the LRS is away for 15 s and the server is killed and started again on the same
 * data; afterwards the LRS holds one `answered` statement per evaluation, none twice, in the order
 * the guest answered. This spec runs its own server, sending to a local LRS (tests/xapi/localLrs.ts).
 */

const OUTAGE_MS = 15_000;
const port = ownPort(14);
const origin = ownOrigin(port);
test.use({ baseURL: origin });
let lrs: LocalLrs | null = null;
let server: OwnServer | null = null;

test.beforeAll(async () => {
  lrs = await startLocalLrs();
  server = ownServer(port, { env: { XAPI_ENDPOINT: lrs.endpoint, PUBLIC_ORIGIN: origin } });
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
  await lrs?.close();
});

const kap1 = demoElement('kap1', 'Chapter');
const question = demoElement('kap1-frage-suesswasser', 'ChoiceQuestion');

/** One answer: pick a choice (another one each round), evaluate, then Edit Answer for the next round. */
async function answerOnce(page: Page, round: number) {
  const box = element(page, question.id);
  await clickChoice(box, textOf(question.choices[round % question.choices.length].text));
  await box.getByRole('button', { name: de.evaluate }).click();
  await box.getByRole('button', { name: de.editAnswer }).click();
}

/** The outbox as the running server's admin route tells it (token from its server file). */
async function outbox(own: OwnServer): Promise<OutboxStatus> {
  const [file] = readServerFiles(own.dataDir).servers;
  if (!file) throw new Error('no live server file');
  const response = await fetch(`${own.origin}/api/admin/xapi/status`, { headers: { authorization: `Bearer ${file.token}` }, signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`GET /api/admin/xapi/status answered ${response.status}`);
  return ((await response.json()) as { data: OutboxStatus }).data;
}

test('the LRS is away for 15 s and the server restarts while a guest answers: each answer reaches the LRS once, in order', async ({ page, request }) => {
  test.setTimeout(90_000);
  if (!server || !lrs) throw new Error('the own server or the LRS was not made');
  const own = server;
  const store = lrs;
  const { materialGuest: share } = await demoShares(request);
  await page.goto(sharePath(share));
  await expect(page.getByRole('heading', { level: 1, name: demoMaterial.title })).toBeVisible();
  const link = await saveGuestProgress(page, { firstName: 'Xenia', lastName: 'Api' });
  const guestSessionId = new URL(link).searchParams.get('guestSessionId') ?? '';
  await openChapterCard(page, kap1);

  let round = 0;
  await test.step('with the LRS there, the first answer arrives', async () => {
    await answerOnce(page, round++);
    await expectAllSaved(page);
    await store.waitFor(1, 10_000);
  });

  const down = Date.now();
  store.mode = { kind: 'unavailable', retryAfterSeconds: 1 };
  await test.step('the LRS is away; the guest answers; the server is killed and started again; the guest answers on', async () => {
    for (const end = round + 2; round < end; round++) await answerOnce(page, round);
    await expectAllSaved(page);
    await expect.poll(async () => (await outbox(own)).waiting, { message: 'the answers wait in the outbox' }).toBeGreaterThan(0);
    await own.kill();
    await answerOnce(page, round++);
    await own.start();
    await expectAllSaved(page, 30_000);
    await answerOnce(page, round++);
    await expectAllSaved(page);
    expect(store.answers, 'the sender tried while the LRS was away').toContain(503);
  });

  await test.step('the LRS is back after 15 s; the outbox drains', async () => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, down + OUTAGE_MS - Date.now())));
    store.mode = { kind: 'up' };
    await expect.poll(async () => (await outbox(own)).waiting, { timeout: 20_000, message: 'every statement is sent' }).toBe(0);
  });

  const evaluations = (await storedEvents(request, { shareId: share, guestSessionId })).filter((e) => e.field === 'evaluated' && e.value === true);
  expect(evaluations, 'each round was one evaluation').toHaveLength(round);
  const mine = store.statements as unknown as Statement[];
  const learner = mine.find((s) => s.verb.display.en === 'answered')?.actor.account.name;
  const answered = mine.filter((s) => s.verb.display.en === 'answered' && s.actor.account.name === learner);
  expect(answered.every((s) => s.object.id === `${origin}/xapi/activities/${demoMaterial.id}/${question.id}`)).toBe(true);
  // One statement per evaluation, in the order the guest evaluated (its timestamp is the event's time).
  expect(answered.map((s) => s.timestamp)).toEqual(evaluations.map((e) => new Date(e.at).toISOString()));
  const times = mine.filter((s) => s.actor.account.name === learner).map((s) => s.timestamp);
  expect(times, 'the learner\'s statements arrived in the order of their events').toEqual([...times].sort());
  const status = await outbox(own);
  expect(status, 'every statement written was sent, none parked').toMatchObject({ waiting: 0, parkedCount: 0, sent: mine.length });
  const said = mine.map((s) => `${s.verb.id} ${s.object.id} ${s.timestamp}`);
  expect(new Set(said).size, 'no statement arrived twice under two ids').toBe(said.length);
  for (const statement of mine) expect(statementProblems(statement)).toEqual([]);
  console.log(`xapi: ${round} answers, ${mine.length} statements, ${store.answers.filter((s) => s === 503).length} answers 503, ${Math.round((Date.now() - down) / 1000)} s from outage to drained`);
});
