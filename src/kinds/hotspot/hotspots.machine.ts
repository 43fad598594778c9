import { assertEvent, assign, setup } from 'xstate';
import type { KindMachine } from '../../../machines/elements/loadedMachines';

/** The hotspot image of spec section 3: only the ids and order of its spots matter here. */
export type HotspotsInput = { element: { id: string; elements: readonly { id: string }[] } };

export type HotspotsContext = {
  spotIds: string[];
  /** The spot whose popup is open; null while all are closed. */
  openSpotId: string | null;
};

export type HotspotsEvent =
  | { type: 'hotspot.open'; spotId: string }
  | { type: 'hotspot.close' }
  | { type: 'hotspot.next' }
  | { type: 'hotspot.prev' };

/** The spot `step` places after `current`, wrapping at both ends. */
export function wrapSpot(spotIds: readonly string[], current: string | null, step: 1 | -1): string | null {
  if (spotIds.length === 0) return null;
  const index = current === null ? -1 : spotIds.indexOf(current);
  if (index === -1) return spotIds[step === 1 ? 0 : spotIds.length - 1];
  return spotIds[(index + step + spotIds.length) % spotIds.length];
}

export const hotspotsGuards = {
  isKnownSpot: ({ context }: { context: HotspotsContext }, spotId: string) => context.spotIds.includes(spotId),
};

/** An image with numbered spots: at most one popup is open; previous and next wrap (spec section 4). */
export const hotspotsMachine = setup({
  types: {
    input: {} as HotspotsInput,
    context: {} as HotspotsContext,
    events: {} as HotspotsEvent,
  },
  guards: {
    isKnownSpot: ({ context, event }) => {
      assertEvent(event, 'hotspot.open');
      return hotspotsGuards.isKnownSpot({ context }, event.spotId);
    },
  },
  actions: {
    openSpot: assign({
      openSpotId: ({ event }) => {
        assertEvent(event, 'hotspot.open');
        return event.spotId;
      },
    }),
    openNext: assign({ openSpotId: ({ context }) => wrapSpot(context.spotIds, context.openSpotId, 1) }),
    openPrevious: assign({ openSpotId: ({ context }) => wrapSpot(context.spotIds, context.openSpotId, -1) }),
    closeSpot: assign({ openSpotId: () => null }),
  },
}).createMachine({
  id: 'hotspots',
  description: 'An image with spots; a spot opens a popup with its title and content.',
  context: ({ input }) => ({ spotIds: input.element.elements.map((spot) => spot.id), openSpotId: null }),
  initial: 'closed',
  states: {
    closed: {
      description: 'No popup is open; the numbered markers show on the image.',
      on: {
        'hotspot.open': { guard: 'isKnownSpot', target: 'open', actions: 'openSpot', description: 'A marker was pressed: open its popup.' },
      },
    },
    open: {
      description: 'One popup shows the open spot; opening another closes it.',
      on: {
        'hotspot.open': { guard: 'isKnownSpot', actions: 'openSpot', description: 'Another marker was pressed: its popup replaces the open one.' },
        'hotspot.next': { actions: 'openNext', description: 'Next: the following spot, the first after the last.' },
        'hotspot.prev': { actions: 'openPrevious', description: 'Previous: the preceding spot, the last before the first.' },
        'hotspot.close': { target: 'closed', actions: 'closeSpot', description: 'Close button, Escape or a click outside.' },
      },
    },
  },
});

/** The chart the viewer spawns for each element of this kind (its view's module hands it over: src/elements/registry.ts). */
export const kindMachine = { modelName: 'Hotspot', machine: hotspotsMachine } as const satisfies KindMachine;
