import { and, assertEvent, assign, emit, setup } from 'xstate';

/** The kinds of overlay of spec section 4; at most one of each kind is open at once. */
export type OverlayGroup = 'dropdown' | 'dialog' | 'sidebar' | 'foldable';

/** An open overlay: `id` is unique on the page, `group` its kind. */
export type OpenOverlay = { id: string; group: OverlayGroup };

export type OverlaysContext = {
  /** Open overlays, the first opened first; the last one is the topmost. */
  stack: OpenOverlay[];
};

export type OverlaysEvent =
  /** Open overlay `id`; an open overlay of the same group closes. */
  | { type: 'overlay.open'; id: string; group: OverlayGroup }
  /** Its owner closed overlay `id` (close button, selection, unmount). */
  | { type: 'overlay.close'; id: string }
  /** Escape was pressed. */
  | { type: 'overlay.escape' }
  /** A press landed outside overlay `id`. */
  | { type: 'overlay.outsideClick'; id: string };

/** Why an overlay closed without its owner asking; the owner hears it as `overlay.dismissed`. */
export type DismissReason = 'escape' | 'outsideClick' | 'replaced';

export type OverlayDismissedEvent = { type: 'overlay.dismissed'; id: string; reason: DismissReason };

export function topmostOverlay(stack: readonly OpenOverlay[]): OpenOverlay | undefined {
  return stack[stack.length - 1];
}

/** The stack after `overlay` opened: it goes on top, and the overlay its group had before goes. */
export function openOverlay(stack: readonly OpenOverlay[], overlay: OpenOverlay): OpenOverlay[] {
  return [...stack.filter((open) => open.group !== overlay.group && open.id !== overlay.id), overlay];
}

export const overlaysGuards = {
  isOpen: ({ context }: { context: OverlaysContext }, id: string) => context.stack.some((open) => open.id === id),
  /** Only the topmost overlay closes on an outside press: a press on a lower one lands outside the one above it first. */
  isTopmost: ({ context }: { context: OverlaysContext }, id: string) => topmostOverlay(context.stack)?.id === id,
  isLast: ({ context }: { context: OverlaysContext }) => context.stack.length === 1,
  hasGroupOpen: ({ context }: { context: OverlaysContext }, group: OverlayGroup) => context.stack.some((open) => open.group === group),
};

/**
 * Dropdowns, dialogs, sidebars and foldables that float over the page (spec section 4): one open
 * overlay per group, Escape closes the topmost, a press outside closes it. The owner of an overlay
 * that closes without it asking (Escape, outside press, replaced by another of its group) hears
 * `overlay.dismissed`.
 */
export const overlaysMachine = setup({
  types: {
    context: {} as OverlaysContext,
    events: {} as OverlaysEvent,
    emitted: {} as OverlayDismissedEvent,
  },
  guards: {
    isNew: ({ context, event }) => {
      assertEvent(event, 'overlay.open');
      return !overlaysGuards.isOpen({ context }, event.id);
    },
    hasGroupOpen: ({ context, event }) => {
      assertEvent(event, 'overlay.open');
      return overlaysGuards.hasGroupOpen({ context }, event.group);
    },
    isOpen: ({ context, event }) => 'id' in event && overlaysGuards.isOpen({ context }, event.id),
    isTopmost: ({ context, event }) => {
      assertEvent(event, 'overlay.outsideClick');
      return overlaysGuards.isTopmost({ context }, event.id);
    },
    isLast: overlaysGuards.isLast,
  },
  actions: {
    dismissReplaced: emit(({ context, event }) => {
      assertEvent(event, 'overlay.open');
      return { type: 'overlay.dismissed', id: context.stack.find((open) => open.group === event.group)?.id ?? '', reason: 'replaced' } as const;
    }),
    push: assign({
      stack: ({ context, event }) => {
        assertEvent(event, 'overlay.open');
        return openOverlay(context.stack, { id: event.id, group: event.group });
      },
    }),
    remove: assign({
      stack: ({ context, event }) => {
        assertEvent(event, 'overlay.close');
        return context.stack.filter((open) => open.id !== event.id);
      },
    }),
    dismissTopmost: emit(({ context }, params: { reason: 'outsideClick' | 'escape' }) => ({
      type: 'overlay.dismissed',
      id: topmostOverlay(context.stack)?.id ?? '',
      reason: params.reason,
    }) as const),
    popTopmost: assign({ stack: ({ context }) => context.stack.slice(0, -1) }),
  },
}).createMachine({
  id: 'overlays',
  description: 'The stack of open overlays of a page.',
  context: { stack: [] },
  initial: 'closed',
  states: {
    closed: {
      description: 'No overlay is open; Escape and presses belong to the page.',
      on: {
        'overlay.open': { target: 'open', actions: 'push', description: 'The first overlay opens.' },
      },
    },
    open: {
      description: 'At least one overlay is open; the last opened is on top.',
      on: {
        'overlay.open': [
          { guard: and(['isNew', 'hasGroupOpen']), actions: ['dismissReplaced', 'push'], description: 'It opens on top; the open one of its group closes.' },
          { guard: 'isNew', actions: 'push', description: 'It opens on top of the others.' },
        ],
        'overlay.close': [
          { guard: and(['isOpen', 'isLast']), target: 'closed', actions: 'remove', description: 'Its owner closed the only open overlay.' },
          { guard: 'isOpen', actions: 'remove', description: 'Its owner closed one of the open overlays.' },
        ],
        'overlay.escape': [
          { guard: 'isLast', target: 'closed', actions: [{ type: 'dismissTopmost', params: { reason: 'escape' } }, 'popTopmost'], description: 'Escape closes the only open overlay.' },
          { actions: [{ type: 'dismissTopmost', params: { reason: 'escape' } }, 'popTopmost'], description: 'Escape closes the topmost overlay.' },
        ],
        'overlay.outsideClick': [
          { guard: and(['isTopmost', 'isLast']), target: 'closed', actions: [{ type: 'dismissTopmost', params: { reason: 'outsideClick' } }, 'popTopmost'], description: 'A press outside closes the only open overlay.' },
          { guard: 'isTopmost', actions: [{ type: 'dismissTopmost', params: { reason: 'outsideClick' } }, 'popTopmost'], description: 'A press outside the topmost overlay closes it.' },
        ],
      },
    },
  },
});
