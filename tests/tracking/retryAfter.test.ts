import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { TRACKING_RETRY_AFTER_MAX_MS } from '../../model/constants';
import { trackingMachine } from '../../machines/tracking';
import { UserdataBody, type UserdataEvent } from '../../model/tracking';
import { createMemoryQueue } from '../../src/tracking/durableQueue';
import { createSendBatch } from '../../src/tracking/sendBatch';
import { failureOfResponse, retryAfterMsOf } from '../../src/tracking/sendQueuedBatch';
import { silentTrackingSignals } from '../machines/browserFakes';

/*
 * Issue 10, point 6: the client follows Retry-After on 429 and 503 (seconds or an HTTP date), still with its
 * backoff (the longer of the two wins) and at most 5 minutes. The tracking machine runs with the real sender on a
 * fake clock; only fetch is a stand-in that answers as the test says.
 */

const SHARE = 'share-a';
const NOW = Date.parse('2026-03-02T10:00:00Z');

describe('retryAfterMsOf: the header in milliseconds', () => {
  it('reads delay-seconds', () => {
    expect(retryAfterMsOf('5', NOW)).toBe(5000);
    expect(retryAfterMsOf(' 120 ', NOW)).toBe(120_000);
    expect(retryAfterMsOf('0', NOW)).toBe(0);
  });

  it('reads an HTTP date (IMF-fixdate and the obsolete RFC 850 form) as the time until then; a past date is 0', () => {
    expect(retryAfterMsOf(new Date(NOW + 8000).toUTCString(), NOW)).toBe(8000);
    expect(retryAfterMsOf('Monday, 02-Mar-26 10:00:30 GMT', NOW)).toBe(30_000);
    expect(retryAfterMsOf(new Date(NOW - 60_000).toUTCString(), NOW)).toBe(0);
  });

  it('is null when missing or unreadable', () => {
    for (const header of [null, undefined, '', '  ', 'soon', '-5', '1.5', '5 s', 'Blursday, 99 Foo 2026']) {
      expect(retryAfterMsOf(header, NOW), String(header)).toBeNull();
    }
  });

  it('is carried on the error of a 429 or 503 only', () => {
    const answer = (status: number, headers: Record<string, string> = {}) => failureOfResponse(new Response(null, { status, headers }), 'userdata');
    expect(answer(503, { 'Retry-After': '5' })).toMatchObject({ kind: 'server', retryAfterMs: 5000, message: 'userdata answered 503' });
    expect(answer(429, { 'Retry-After': '7' })).toMatchObject({ kind: 'server', retryAfterMs: 7000 });
    expect(answer(503)).toMatchObject({ kind: 'server', retryAfterMs: null });
    expect(answer(500, { 'Retry-After': '5' })).toMatchObject({ kind: 'server', retryAfterMs: null });
    expect(answer(403, { 'Retry-After': '5' })).toMatchObject({ kind: 'forbidden', retryAfterMs: null });
  });
});

describe('the tracking machine with the real sender, on a fake clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  let actor: AnyActorRef | null = null;
  afterEach(() => actor?.stop());

  /**
   * One queued event; the first POST /userdata is answered with `failure`, every later one acknowledges.
   * Resolves with the times (ms after the start) at which requests went out.
   */
  function start(failure: { status: number; headers?: Record<string, string> }) {
    const queue = createMemoryQueue();
    const event: UserdataEvent = {
      id: 'event-000000000001',
      at: NOW,
      metadata: { modelName: 'ChoiceQuestion', id: 'q1', shareId: SHARE, guestSessionId: null },
      data: { selected: ['a'] },
    };
    queue.add([event]);
    const requests: number[] = [];
    const fetchStub = async (_url: string | URL | Request, init?: RequestInit) => {
      requests.push(Date.now() - NOW);
      if (requests.length === 1) return new Response(JSON.stringify({ errors: [{ message: 'busy' }] }), failure);
      const { events } = UserdataBody.parse(JSON.parse(String(init?.body)));
      return Response.json({ data: { acknowledged: events.map((e) => e.id), stored: events.length, duplicates: 0 } });
    };
    const machine = trackingMachine.provide({
      actors: { sendBatch: createSendBatch({ apiBase: '/api', shareId: SHARE, queue, fetch: fetchStub as typeof fetch }), ...silentTrackingSignals() },
    });
    actor = createActor(machine, { input: { mode: 'user', guestSessionId: null, online: true, pending: 1 } }).start();
    return { requests, queue, actor };
  }

  /** Asserts the retry goes out exactly `ms` after the failed request (not a millisecond earlier), and the queue empties. */
  async function expectRetryAfter(run: ReturnType<typeof start>, ms: number) {
    await vi.advanceTimersByTimeAsync(0);
    expect(run.requests).toEqual([0]);
    expect(run.actor.getSnapshot().value).toBe('retrying');
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect(run.requests).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.requests).toEqual([0, ms]);
    expect(run.actor.getSnapshot().value).toBe('saved');
    expect(run.queue.pending(SHARE, null)).toEqual([]);
  }

  it('503 with Retry-After: 5 waits 5 s, not 1 s', async () => {
    await expectRetryAfter(start({ status: 503, headers: { 'Retry-After': '5' } }), 5000);
  });

  it('503 with Retry-After as an HTTP date 12 s ahead waits 12 s', async () => {
    await expectRetryAfter(start({ status: 503, headers: { 'Retry-After': new Date(NOW + 12_000).toUTCString() } }), 12_000);
  });

  it('429 with Retry-After: 3 waits 3 s', async () => {
    await expectRetryAfter(start({ status: 429, headers: { 'Retry-After': '3' } }), 3000);
  });

  it('a Retry-After shorter than the backoff: the backoff (1 s) still applies', async () => {
    await expectRetryAfter(start({ status: 503, headers: { 'Retry-After': '0' } }), 1000);
  });

  it('a Retry-After of an hour is capped at 5 minutes', async () => {
    await expectRetryAfter(start({ status: 503, headers: { 'Retry-After': '3600' } }), TRACKING_RETRY_AFTER_MAX_MS);
  });

  for (const [name, headers] of [
    ['no Retry-After', {}],
    ['a garbled Retry-After', { 'Retry-After': 'soon' }],
    ['a Retry-After on a 500 (only 429 and 503 count)', { 'Retry-After': '5' }],
  ] as const) {
    it(`${name}: the backoff, 1 s`, async () => {
      await expectRetryAfter(start({ status: name.includes('500') ? 500 : 503, headers }), 1000);
    });
  }
});
