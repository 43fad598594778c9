import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import { itWalks, pathsOf } from './walkMachine';
import { hotspotsGuards, hotspotsMachine, wrapSpot, type HotspotsEvent } from '../../src/kinds/hotspot/hotspots.machine';

const element = { id: 'h1', elements: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] };
const start = () => createActor(hotspotsMachine, { input: { element } }).start();
const openId = (actor: ReturnType<typeof start>) => actor.getSnapshot().context.openSpotId;

describe('wrapSpot and guards', () => {
  it('wraps at both ends', () => {
    expect(wrapSpot(['a', 'b', 'c'], 'c', 1)).toBe('a');
    expect(wrapSpot(['a', 'b', 'c'], 'a', -1)).toBe('c');
    expect(wrapSpot(['a', 'b', 'c'], 'a', 1)).toBe('b');
    expect(wrapSpot(['a'], 'a', 1)).toBe('a');
    expect(wrapSpot([], null, 1)).toBeNull();
  });
  it('knows its spots', () => {
    const context = { spotIds: ['a', 'b'], openSpotId: null };
    expect(hotspotsGuards.isKnownSpot({ context }, 'b')).toBe(true);
    expect(hotspotsGuards.isKnownSpot({ context }, 'x')).toBe(false);
  });
});

describe('hotspotsMachine', () => {
  it('starts closed', () => {
    const actor = start();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(openId(actor)).toBeNull();
  });

  it('opening one closes the others', () => {
    const actor = start();
    actor.send({ type: 'hotspot.open', spotId: 'a' });
    expect(openId(actor)).toBe('a');
    actor.send({ type: 'hotspot.open', spotId: 'c' });
    expect(openId(actor)).toBe('c');
    expect(actor.getSnapshot().value).toBe('open');
  });

  it('next and previous wrap around', () => {
    const actor = start();
    actor.send({ type: 'hotspot.open', spotId: 'c' });
    actor.send({ type: 'hotspot.next' });
    expect(openId(actor)).toBe('a');
    actor.send({ type: 'hotspot.prev' });
    expect(openId(actor)).toBe('c');
    actor.send({ type: 'hotspot.prev' });
    expect(openId(actor)).toBe('b');
  });

  it('closes, and ignores unknown spots and navigation while closed', () => {
    const actor = start();
    actor.send({ type: 'hotspot.open', spotId: 'nope' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'hotspot.next' });
    expect(openId(actor)).toBeNull();
    actor.send({ type: 'hotspot.open', spotId: 'b' });
    actor.send({ type: 'hotspot.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(openId(actor)).toBeNull();
  });

  describe('model walk', () => {
    const events: HotspotsEvent[] = [
      { type: 'hotspot.open', spotId: 'a' },
      { type: 'hotspot.open', spotId: 'b' },
      { type: 'hotspot.open', spotId: 'c' },
      { type: 'hotspot.open', spotId: 'unknown' },
      { type: 'hotspot.next' },
      { type: 'hotspot.prev' },
      { type: 'hotspot.close' },
    ];
    const options = { input: { element }, events };
    const adjacency = getAdjacencyMap(hotspotsMachine, options);

    it('has one closed state and one open state per spot', () => {
      const states = Object.values(adjacency).map((v) => `${String(v.state.value)}:${v.state.context.openSpotId}`).sort();
      expect(states).toEqual(['closed:null', 'open:a', 'open:b', 'open:c']);
    });

    /** What each event must do, from the model's point of view. */
    const expectedAfter = (open: string | null, event: HotspotsEvent): string | null => {
      const ids = ['a', 'b', 'c'];
      switch (event.type) {
        case 'hotspot.open':
          return ids.includes(event.spotId) ? event.spotId : open;
        case 'hotspot.close':
          return null;
        case 'hotspot.next':
          return open === null ? null : ids[(ids.indexOf(open) + 1) % 3];
        case 'hotspot.prev':
          return open === null ? null : ids[(ids.indexOf(open) + 2) % 3];
      }
    };

    // To every state by its shortest path, then every event from there.
    itWalks('hotspots', pathsOf(hotspotsMachine, { ...options, key: (s) => s.context, kind: 'shortest' }), (path) => {
      const actor = start();
      for (const step of path.steps.slice(1)) {
        const before = openId(actor);
        actor.send(step.event);
        const after = openId(actor);
        expect(after).toBe(expectedAfter(before, step.event));
        expect(actor.getSnapshot().value).toBe(after === null ? 'closed' : 'open');
      }
      // every event from the reached state behaves as the model says
      for (const event of events) {
        const probe = start();
        for (const step of path.steps.slice(1)) probe.send(step.event);
        const before = openId(probe);
        probe.send(event);
        expect(openId(probe)).toBe(expectedAfter(before, event));
      }
    });
  });
});
