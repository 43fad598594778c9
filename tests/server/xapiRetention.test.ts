import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { XapiConfig } from '../../server/xapi/config';
import { nameBasedUuid } from '../../server/xapi/ids';
import { enqueueStatements, park, pruneSent, resendSince } from '../../server/xapi/outbox';
import { XapiSender } from '../../server/xapi/sender';
import type { Statement } from '../../server/xapi/statement';
import { startLocalLrs, type LocalLrs } from '../xapi/localLrs';
import { testDatabaseKinds, useTestDatabase } from './databases';

/* XAPI_KEEP_SENT_DAYS (docs/xapi.md): the sender deletes sent statements past the kept days, never a waiting or parked one. */

const ORIGIN = 'https://lernwerk.example';
const DAY = 86_400_000;

const statement = (name: string, eventAt: number): Statement => ({
  id: nameBasedUuid(`retention-${name}`),
  actor: { objectType: 'Agent', name: 'Learner', account: { homePage: ORIGIN, name: `learner-${name}` } },
  verb: { id: 'http://adlnet.gov/expapi/verbs/experienced', display: { en: 'experienced' } },
  object: { objectType: 'Activity', id: `${ORIGIN}/xapi/activities/m/${name}` },
  context: { registration: nameBasedUuid('registration'), platform: 'Lernwerk', language: 'de', contextActivities: {} },
  timestamp: new Date(eventAt).toISOString(),
});

describe.each(testDatabaseKinds)('sent statements kept for resend on %s', (kind) => {
  const t = useTestDatabase(kind);
  let lrs: LocalLrs;
  const now = Date.now();
  // Each: when its event happened, and what became of it: sent (days ago), parked, or still waiting.
  const cases = {
    sentLongAgo: { eventAt: now - 60 * DAY, sentDaysAgo: 59 },
    sentLongAgoToo: { eventAt: now - 50 * DAY, sentDaysAgo: 45 },
    sentLately: { eventAt: now - 60 * DAY, sentDaysAgo: 2 },
    recent: { eventAt: now - DAY, sentDaysAgo: 1 },
    waitingOld: { eventAt: now - 90 * DAY, sentDaysAgo: null },
    parkedOld: { eventAt: now - 90 * DAY, sentDaysAgo: null },
  };
  const ids = Object.fromEntries(Object.keys(cases).map((name) => [name, nameBasedUuid(`retention-${name}`)])) as Record<keyof typeof cases, string>;
  const remaining = async () => new Set((await t.db.query<{ statement_id: string }>('SELECT statement_id FROM xapi_outbox')).map((r) => r.statement_id));

  beforeEach(async () => {
    lrs = await startLocalLrs();
    await t.db.query('DELETE FROM xapi_outbox');
    await enqueueStatements(t.db, Object.entries(cases).map(([name, c]) => statement(name, c.eventAt)));
    for (const [name, c] of Object.entries(cases)) {
      if (c.sentDaysAgo === null) continue;
      await t.db.query(`UPDATE xapi_outbox SET sent_at = now() - ($2::int * interval '1 day') WHERE statement_id = $1`, [ids[name as keyof typeof cases], c.sentDaysAgo]);
    }
    // Parked long ago, and waiting since long ago (the LRS was away): neither is ever deleted.
    await park(t.db, ids.parkedOld, '409 other content');
    await t.db.query(`UPDATE xapi_outbox SET parked_at = now() - interval '80 days', next_attempt_at = now() + interval '1 hour' WHERE statement_id IN ($1, $2)`, [ids.parkedOld, ids.waitingOld]);
  });
  afterEach(async () => lrs.close());

  it('the sender deletes statements sent before the kept days, in steps, and keeps the rest', async () => {
    const config: XapiConfig = { endpoint: lrs.endpoint, username: '', password: '', origin: ORIGIN, sendFreeText: false, language: 'de', keepSentDays: 30 };
    const sender = new XapiSender(t.db, config, { idlePollMs: 20, pruneBatch: 1 });
    sender.start();
    try {
      const end = Date.now() + 10_000;
      while ((await remaining()).has(ids.sentLongAgoToo) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await sender.stop();
    }
    expect([...(await remaining())].sort()).toEqual([ids.sentLately, ids.recent, ids.waitingOld, ids.parkedOld].sort());
    expect(lrs.received.size, 'the waiting statement still waits for its next attempt').toBe(0);
  });

  it('without XAPI_KEEP_SENT_DAYS nothing is deleted; a statement sent again for resend is waiting and stays', async () => {
    const config: XapiConfig = { endpoint: lrs.endpoint, username: '', password: '', origin: ORIGIN, sendFreeText: false, language: 'de' };
    const sender = new XapiSender(t.db, config, { idlePollMs: 20 });
    sender.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await sender.stop();
    expect((await remaining()).size).toBe(Object.keys(cases).length);

    lrs.mode = { kind: 'unavailable' };
    expect(await resendSince(t.db, new Date(now - 55 * DAY)), "the statements of events in the last 55 days").toBe(2);
    expect(await pruneSent(t.db, new Date(now - 30 * DAY), 100)).toBe(1);
    expect(await remaining()).toEqual(new Set(Object.values(ids).filter((id) => id !== ids.sentLongAgo)));
  });
});
