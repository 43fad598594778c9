import { describe, expect, it } from 'vitest';
import type { LaunchData, PendingStatement } from '../../machines/cmi5Launcher';
import { cmi5Statement, isoDuration, type Cmi5Session } from '../../server/cmi5/launcher/statements';
import { parseLaunchData, parseLaunchParameters } from '../../server/cmi5/launcher/launchParameters';
import { cmi5Problems, sessionOrderProblems, SESSION_ID } from '../xapi/cmi5Rules';
import { statementProblems } from '../xapi/statementSchema';

/* The AU's statements against xAPI 2.0 (tests/xapi/statementSchema.ts) and cmi5's rules (tests/xapi/cmi5Rules.ts); the launch's parsing. */

const actor = { objectType: 'Agent', name: 'Ada Lovelace', account: { homePage: 'https://lms.example', name: 'u-17' } };
const launchData: LaunchData = {
  contextTemplate: {
    contextActivities: { grouping: [{ objectType: 'Activity', id: 'https://lernwerk.test/xapi/activities/m1' }], category: [{ id: 'https://lms.example/category/x' }] },
    extensions: { [SESSION_ID]: 's-1' },
  },
  launchMode: 'Normal',
  moveOn: 'CompletedAndPassed',
  masteryScore: 0.8,
  returnUrl: null,
};
const session: Cmi5Session = { actor, activityId: 'https://lms.example/au/1', registration: 'f81d4fae-7dec-41d0-a765-00a0c91e6bf6', launchData, startedAt: Date.UTC(2026, 10, 29, 9, 0, 0) };
const facts = { actor, activityId: session.activityId, registration: session.registration, sessionId: 's-1', publisherId: 'https://lernwerk.test/xapi/activities/m1', masteryScore: 0.8 };
const at = (seconds: number) => session.startedAt + seconds * 1000;
const ids = ['0b6f3e1c-3b57-4a5e-9a39-1c1b1f0c9a01', '0b6f3e1c-3b57-4a5e-9a39-1c1b1f0c9a02', '0b6f3e1c-3b57-4a5e-9a39-1c1b1f0c9a03', '0b6f3e1c-3b57-4a5e-9a39-1c1b1f0c9a04'];

describe('cmi5 statements of the AU', () => {
  const pending: PendingStatement[] = [
    { id: ids[0], verb: 'initialized', at: at(0) },
    { id: ids[1], verb: 'completed', at: at(75.5) },
    { id: ids[2], verb: 'passed', at: at(80), score: 0.9 },
    { id: ids[3], verb: 'terminated', at: at(3725) },
  ];
  const statements = pending.map((p) => cmi5Statement(p, session));

  it('each keeps the xAPI 2.0 rules and cmi5\'s; the session keeps cmi5\'s order', () => {
    for (const statement of statements) expect([...statementProblems(statement), ...cmi5Problems(statement, facts)]).toEqual([]);
    expect(sessionOrderProblems(statements)).toEqual([]);
  });

  it('the template is kept and extended, never overwritten; result properties only where the verb carries them', () => {
    const [initialized, completed, passed, terminated] = statements as Record<string, any>[];
    expect(initialized.result).toBeUndefined();
    expect(initialized.context.contextActivities.category.map((a: { id: string }) => a.id)).toEqual(['https://lms.example/category/x', 'https://w3id.org/xapi/cmi5/context/categories/cmi5']);
    expect(completed.result).toEqual({ completion: true, duration: 'PT1M15.5S' });
    expect(passed.result).toEqual({ success: true, score: { scaled: 0.9 }, duration: 'PT1M20S' });
    expect(passed.context.extensions).toEqual({ [SESSION_ID]: 's-1', 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore': 0.8 });
    expect(terminated.result).toEqual({ duration: 'PT1H2M5S' });
    expect(terminated.timestamp).toBe('2026-11-29T10:02:05.000Z');
    expect(launchData.contextTemplate.extensions).toEqual({ [SESSION_ID]: 's-1' });
  });

  it('the rules can fail: a passed below the mastery score, a moveOn category on terminated, a missing session id', () => {
    const below = cmi5Statement({ id: ids[2], verb: 'passed', at: at(1), score: 0.5 }, session);
    expect(cmi5Problems(below, facts)).toEqual(['passed with score 0.5 against masteryScore 0.8 (9.3.4, 9.3.5)']);
    const noSession = cmi5Statement(pending[3], { ...session, launchData: { ...launchData, contextTemplate: {} } });
    expect(cmi5Problems(noSession, facts)).toContain('context.extensions lacks the session id (9.6.3.1)');
    const early = cmi5Statement({ id: ids[1], verb: 'completed', at: at(-1) }, session);
    expect(sessionOrderProblems([statements[0], early])).toEqual(['the first statement is completed, not initialized']);
    expect(isoDuration(0)).toBe('PT0S');
  });
});

describe('the launch as the LMS hands it', () => {
  const query = (over: Record<string, string> = {}) =>
    new URLSearchParams({ endpoint: 'https://lms.example/xapi', fetch: 'https://lms.example/fetch?k=1', actor: JSON.stringify(actor), registration: session.registration, activityId: session.activityId, ...over }).toString();

  it('takes the parameters in any order, the endpoint as a base ending in /', () => {
    expect(parseLaunchParameters(`?${query()}`)).toMatchObject({ endpoint: 'https://lms.example/xapi/', fetchUrl: 'https://lms.example/fetch?k=1', registration: session.registration });
  });

  it('names the parameter or LaunchData field that is wrong', () => {
    expect(() => parseLaunchParameters(`?${query({ actor: '{"mbox":"mailto:a@b.c"}' })}`)).toThrow('actor.account is not an account');
    expect(() => parseLaunchParameters(`?${query({ registration: '42' })}`)).toThrow('registration is not a UUID');
    expect(() => parseLaunchParameters('?endpoint=ftp://x/')).toThrow('endpoint is not an http(s) URL');
    expect(() => parseLaunchData({ ...launchData, launchMode: 'Fast' })).toThrow('LMS.LaunchData.launchMode');
    expect(() => parseLaunchData({ ...launchData, masteryScore: 2 })).toThrow('LMS.LaunchData.masteryScore');
    // returnURL: only http(s) is followed.
    expect(parseLaunchData({ ...launchData, returnURL: 'javascript:alert(1)' }).returnUrl).toBeNull();
    expect(parseLaunchData({ ...launchData, returnURL: 'https://lms.example/back' }).returnUrl).toBe('https://lms.example/back');
  });
});
