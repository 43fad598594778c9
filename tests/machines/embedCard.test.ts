import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { embedCardMachine, hasCardMetadata, selectCardMetadata, type EmbedCardInput } from '../../machines/embedCard';
import type { EmbedMetadata } from '../../model/embedMetadata';
import { itWalks, pathsOf, runPath } from './walkMachine';

const DONE = 'xstate.done.actor.lookUp';
const ERROR = 'xstate.error.actor.lookUp';
const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

type Call = { url: string; resolve: (metadata: EmbedMetadata) => void; reject: (error: unknown) => void };
function harness() {
  const calls: Call[] = [];
  const machine = embedCardMachine.provide({
    actors: { lookUp: fromPromise<EmbedMetadata, { url: string }>(({ input }) => new Promise((resolve, reject) => calls.push({ url: input.url, resolve, reject }))) },
  });
  return { machine, calls };
}

const FOUND: EmbedMetadata = { meta: { title: 'Artikel', description: 'Über das Grundwasser' }, links: { thumbnail: [{ href: 'https://example.org/t.png' }] } };

describe('embed card lookup (issue 13)', () => {
  it('asks once for its URL and shows what the page says of itself', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { url: 'https://example.org/artikel', canLookUp: true } }).start();
    expect(actor.getSnapshot().value).toBe('lookingUp');
    expect(h.calls.map((c) => c.url)).toEqual(['https://example.org/artikel']);
    h.calls[0].resolve(FOUND);
    await settle();
    expect(actor.getSnapshot().value).toBe('found');
    expect(selectCardMetadata(actor.getSnapshot())).toEqual(FOUND);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a failure or an empty answer leaves the card as it is, silently; without a lookup nothing is asked', async () => {
    for (const outcome of ['fail', 'empty'] as const) {
      const h = harness();
      const actor = createActor(h.machine, { input: { url: 'https://example.org/', canLookUp: true } }).start();
      if (outcome === 'fail') h.calls[0].reject(new TypeError('Failed to fetch'));
      else h.calls[0].resolve({ meta: {}, links: { icon: [] } });
      await settle();
      expect(actor.getSnapshot().value).toBe('empty');
      expect(selectCardMetadata(actor.getSnapshot())).toEqual({});
    }
    const h = harness();
    const actor = createActor(h.machine, { input: { url: 'https://example.org/', canLookUp: false } }).start();
    expect(actor.getSnapshot().value).toBe('plain');
    expect(h.calls).toEqual([]);
  });

  it('counts a title, a description, an icon or a thumbnail as something to show', () => {
    expect(hasCardMetadata({})).toBe(false);
    expect(hasCardMetadata({ meta: { title: '' } })).toBe(false);
    expect(hasCardMetadata({ meta: { description: 'x' } })).toBe(true);
    expect(hasCardMetadata({ links: { icon: [{ href: 'https://example.org/i.png' }] } })).toBe(true);
  });
});

/** The model: where each outcome leads (no events of its own; the lookup's answer is the only input). */
const model: Record<string, Partial<Record<string, string>>> = {
  lookingUp: { [`${DONE}(found)`]: 'found', [`${DONE}(empty)`]: 'empty', [ERROR]: 'empty' },
};
const events = [
  { type: DONE, output: FOUND },
  { type: DONE, output: {} },
  { type: ERROR, error: new TypeError('Failed to fetch') },
] as never[];
const modelEvent = (event: { type: string; output?: EmbedMetadata }) => (event.type === DONE ? `${DONE}(${hasCardMetadata(event.output!) ? 'found' : 'empty'})` : event.type);

describe('embed card model walk: every transition, checked against the model', () => {
  const walked = new Set<string>();
  for (const input of [{ url: 'https://example.org/a', canLookUp: true }, { url: 'https://example.org/a', canLookUp: false }] satisfies EmbedCardInput[]) {
    const { paths, stats } = pathsOf(embedCardMachine, { input, events, key: (s) => s.context.metadata });
    itWalks(`embedCard (canLookUp ${input.canLookUp})`, { paths, stats }, async (path) => {
      const h = harness();
      const send = async (_actor: AnyActorRef, event: { type: string; output?: EmbedMetadata; error?: unknown }) => {
        // Without a lookup running, no answer can arrive.
        const call = h.calls.at(-1);
        if (!call) return;
        if (event.type === DONE) call.resolve(event.output!);
        else call.reject(event.error);
        await settle();
      };
      await runPath(h.machine, path, input, ({ snapshot, event, previous }) => {
        const on = modelEvent(event as never);
        expect(snapshot.value).toBe(model[previous.value as string]?.[on] ?? previous.value);
        walked.add(`${String(previous.value)} ${on}`);
      }, send as never);
      expect(h.calls.length).toBe(input.canLookUp ? 1 : 0);
    });
  }
  it('walked every transition of the model', () => {
    const all = Object.entries(model).flatMap(([from, targets]) => Object.keys(targets).map((on) => `${from} ${on}`));
    for (const transition of all) expect(walked).toContain(transition);
  });
});
