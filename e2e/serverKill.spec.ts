import type { Page, Request } from '@playwright/test';
import { demoElement, textOf } from './support/demoAnswers';
import { demoMaterial } from './support/demoContent';
import { demoShares, sharePath } from './support/demoShares';
import { expectAllSaved, guestDe, pendingCount, saveGuestProgress, saveState } from './support/guest';
import { clickChoice, de, element, openChapterCard } from './support/learner';
import { ownOrigin, ownPort, ownServer, type OwnServer } from './support/ownServer';
import { idsOf, storedEvents } from './support/storedEvents';
import { queuedEvents } from './support/trackingQueue';
import { expect, test } from './support/transitions';
import { UserdataTraffic } from './support/userdataTraffic';

/*
 * Issue 4, "nothing a learner did is lost": the server dies (SIGKILL, no shutdown) while a guest is
 * answering and sending; the guest keeps working, the server comes back on the same data, and the
 * client's retries bring every event into the database exactly once. This spec runs its own server.
 */

const port = ownPort(7);
test.use({ baseURL: ownOrigin(port) });
let server: OwnServer | null = null;

test.beforeAll(async () => {
  server = ownServer(port);
  await server.start();
});

// Whatever happened: no server may outlive the spec.
test.afterAll(async () => {
  await server?.dispose();
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

test('the server is killed while a guest answers; after its restart every event is stored exactly once', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  if (!server) throw new Error('the own server was not made');
  const own = server;
  const { materialGuest: share } = await demoShares(request);
  const traffic = new UserdataTraffic(context);
  await page.goto(sharePath(share));
  await expect(page.getByRole('heading', { level: 1, name: demoMaterial.title })).toBeVisible();
  const link = await saveGuestProgress(page, { firstName: 'Kira', lastName: 'Kill' });
  const guestSessionId = new URL(link).searchParams.get('guestSessionId') ?? '';
  await openChapterCard(page, kap1);

  let round = 0;
  await test.step('the server acknowledges the first answers', async () => {
    for (; round < 3; round++) await answerOnce(page, round);
    await expectAllSaved(page);
  });

  let lostBatch = 0;
  await test.step('an answer lost on its way back: the retry is stored as duplicates, not twice', async () => {
    // The server stores the batch, then the connection breaks before the browser reads the answer.
    await page.route('**/api/userdata', async (route) => {
      const answer = await route.fetch();
      lostBatch = ((await answer.json()) as { data: { stored: number } }).data.stored;
      await route.abort('connectionreset');
    }, { times: 1 });
    await answerOnce(page, round++);
    await expectAllSaved(page);
    await page.unrouteAll();
    await traffic.settled();
    expect(lostBatch).toBeGreaterThan(0);
    expect(traffic.totals().duplicates, 'the retry found every event of the lost answer stored').toBe(lostBatch);
  });
  const acknowledgedBeforeKill = traffic.acknowledged();
  expect(acknowledgedBeforeKill.size).toBeGreaterThan(0);

  // The next userdata request is the moment: the server dies while it is on its way.
  let killed: Promise<void> | null = null;
  const isUserdataPost = (req: Request) => req.method() === 'POST' && new URL(req.url()).pathname === '/api/userdata';
  const killOnSend = (req: Request) => {
    if (!killed && isUserdataPost(req)) killed = own.kill();
  };
  context.on('request', killOnSend);
  await test.step('the server is killed while a batch is sent; the guest keeps answering', async () => {
    // Answering faster than the 200 ms debounce would hold every send back: after each answer the
    // batch gets up to a second to leave.
    for (let tries = 0; !killed && tries < 10; tries++) {
      await answerOnce(page, round++);
      await page.waitForRequest(isUserdataPost, { timeout: 1000 }).catch(() => undefined);
    }
    expect(killed, 'a userdata request went out while answering').not.toBeNull();
    await killed;
    context.off('request', killOnSend);
    for (const end = round + 4; round < end; round++) await answerOnce(page, round);
    await expect(saveState(page)).toHaveAttribute('data-status', 'pending');
    await expect(saveState(page)).toContainText(guestDe.serverReason);
    const pending = await pendingCount(page);
    expect(pending).toBeGreaterThan(0);
    await expect(saveState(page)).toContainText(guestDe.pending(pending));
  });
  const queuedWhileDown = await queuedEvents(page);
  expect(queuedWhileDown.length).toBeGreaterThan(0);

  await test.step('the server restarts on the same data; the retries land', async () => {
    await own.start();
    await expectAllSaved(page, 40_000);
    expect(await queuedEvents(page)).toEqual([]);
  });
  await traffic.settled();

  const stored = await storedEvents(request, { shareId: share, guestSessionId });
  const { ids, repeated } = idsOf(stored);
  const sent = traffic.ids();
  expect(repeated, 'no event is stored twice').toEqual([]);
  for (const id of acknowledgedBeforeKill) expect(ids.has(id), `acknowledged event ${id} survived the kill`).toBe(true);
  for (const event of queuedWhileDown) expect(ids.has(event.id), `queued event ${event.id} is stored`).toBe(true);
  expect(ids, 'the database holds exactly the events the browser sent').toEqual(sent);
  const totals = traffic.totals();
  // A row stored without an answer reaching the browser comes back as a duplicate when retried.
  expect(stored.length, 'each stored row was answered once as new, or once as a duplicate of an unanswered store').toBe(totals.stored + totals.duplicates);
  console.log(`kill: sent ${sent.size}, acknowledged before kill ${acknowledgedBeforeKill.size}, stored ${stored.length}, duplicates ${totals.duplicates}`);
});
