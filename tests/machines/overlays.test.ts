import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  openOverlay,
  overlaysGuards,
  overlaysMachine,
  topmostOverlay,
  type OpenOverlay,
  type OverlayDismissedEvent,
  type OverlaysEvent,
} from '../../machines/overlays';
import { itWalks, pathsOf } from './walkMachine';

const menu: OpenOverlay = { id: 'menu', group: 'dropdown' };
const facet: OpenOverlay = { id: 'facet', group: 'dropdown' };
const confirm: OpenOverlay = { id: 'confirm', group: 'dialog' };
const context = (...stack: OpenOverlay[]) => ({ context: { stack } });

const start = () => {
  const actor = createActor(overlaysMachine);
  const dismissed: OverlayDismissedEvent[] = [];
  actor.on('overlay.dismissed', (event) => dismissed.push(event));
  return { actor: actor.start(), dismissed };
};

describe('overlay stack helpers and guards', () => {
  it('openOverlay puts the overlay on top and drops the open one of its group', () => {
    expect(openOverlay([], menu)).toEqual([menu]);
    expect(openOverlay([menu], confirm)).toEqual([menu, confirm]);
    expect(openOverlay([menu, confirm], facet)).toEqual([confirm, facet]);
    expect(topmostOverlay([menu, confirm])).toEqual(confirm);
    expect(topmostOverlay([])).toBeUndefined();
  });
  it('isOpen, isTopmost, isLast and hasGroupOpen read the stack', () => {
    expect(overlaysGuards.isOpen(context(menu, confirm), 'menu')).toBe(true);
    expect(overlaysGuards.isOpen(context(menu), 'facet')).toBe(false);
    expect(overlaysGuards.isTopmost(context(menu, confirm), 'confirm')).toBe(true);
    expect(overlaysGuards.isTopmost(context(menu, confirm), 'menu')).toBe(false);
    expect(overlaysGuards.isTopmost(context(), 'menu')).toBe(false);
    expect(overlaysGuards.isLast(context(menu))).toBe(true);
    expect(overlaysGuards.isLast(context(menu, confirm))).toBe(false);
    expect(overlaysGuards.hasGroupOpen(context(menu), 'dropdown')).toBe(true);
    expect(overlaysGuards.hasGroupOpen(context(menu), 'sidebar')).toBe(false);
  });
});

describe('overlays machine', () => {
  it('one per group: opening another dropdown dismisses the open one', () => {
    const { actor, dismissed } = start();
    actor.send({ type: 'overlay.open', ...menu });
    actor.send({ type: 'overlay.open', ...confirm });
    actor.send({ type: 'overlay.open', ...facet });
    expect(actor.getSnapshot().context.stack).toEqual([confirm, facet]);
    expect(dismissed).toEqual([{ type: 'overlay.dismissed', id: 'menu', reason: 'replaced' }]);
  });

  it('Escape closes the topmost, then the next; with none open it does nothing', () => {
    const { actor, dismissed } = start();
    actor.send({ type: 'overlay.escape' });
    expect(dismissed).toEqual([]);
    actor.send({ type: 'overlay.open', ...confirm });
    actor.send({ type: 'overlay.open', ...menu });
    actor.send({ type: 'overlay.escape' });
    expect(actor.getSnapshot().context.stack).toEqual([confirm]);
    actor.send({ type: 'overlay.escape' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(dismissed.map((event) => [event.id, event.reason])).toEqual([
      ['menu', 'escape'],
      ['confirm', 'escape'],
    ]);
  });

  it('an outside press closes only the topmost overlay; its owner closing one says nothing', () => {
    const { actor, dismissed } = start();
    actor.send({ type: 'overlay.open', ...confirm });
    actor.send({ type: 'overlay.open', ...menu });
    actor.send({ type: 'overlay.outsideClick', id: 'confirm' });
    expect(actor.getSnapshot().context.stack).toEqual([confirm, menu]);
    actor.send({ type: 'overlay.outsideClick', id: 'menu' });
    expect(actor.getSnapshot().context.stack).toEqual([confirm]);
    actor.send({ type: 'overlay.close', id: 'confirm' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(dismissed).toEqual([{ type: 'overlay.dismissed', id: 'menu', reason: 'outsideClick' }]);
  });
});

/** The spec's rules as a plain function: what the stack becomes and who hears a dismissal. */
function expectedAfter(stack: readonly OpenOverlay[], event: OverlaysEvent): { stack: OpenOverlay[]; dismissed: OverlayDismissedEvent[] } {
  const top = stack[stack.length - 1];
  switch (event.type) {
    case 'overlay.open': {
      if (stack.some((open) => open.id === event.id)) return { stack: [...stack], dismissed: [] };
      const replaced = stack.filter((open) => open.group === event.group);
      return {
        stack: [...stack.filter((open) => open.group !== event.group), { id: event.id, group: event.group }],
        dismissed: replaced.map((open) => ({ type: 'overlay.dismissed', id: open.id, reason: 'replaced' })),
      };
    }
    case 'overlay.close':
      return { stack: stack.filter((open) => open.id !== event.id), dismissed: [] };
    case 'overlay.escape':
      return top ? { stack: stack.slice(0, -1), dismissed: [{ type: 'overlay.dismissed', id: top.id, reason: 'escape' }] } : { stack: [], dismissed: [] };
    case 'overlay.outsideClick':
      return top?.id === event.id
        ? { stack: stack.slice(0, -1), dismissed: [{ type: 'overlay.dismissed', id: top.id, reason: 'outsideClick' }] }
        : { stack: [...stack], dismissed: [] };
  }
}

describe('overlays machine, every transition walked on a real actor (2 groups × 2 overlays)', () => {
  const overlays: OpenOverlay[] = [menu, facet, confirm, { id: 'leave', group: 'dialog' }];
  const events: OverlaysEvent[] = [
    ...overlays.map((overlay) => ({ type: 'overlay.open' as const, ...overlay })),
    ...overlays.map((overlay) => ({ type: 'overlay.close' as const, id: overlay.id })),
    { type: 'overlay.escape' },
    ...overlays.map((overlay) => ({ type: 'overlay.outsideClick' as const, id: overlay.id })),
  ];
  const { paths, stats } = pathsOf(overlaysMachine, { input: undefined, events, key: (s) => s.context.stack });

  it('reaches every stack of at most one overlay per group, in both orders', () => {
    // none; one of four; a dropdown and a dialog (2 × 2) in either order
    expect(stats.states).toBe(1 + 4 + 8);
    expect(paths.length).toBe(stats.transitions);
    expect(stats.transitions).toBe(stats.states * events.length);
  });

  itWalks('overlays', { paths, stats }, (path) => {
    const { actor, dismissed } = start();
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot().context.stack;
      dismissed.length = 0;
      actor.send(step.event);
      const snapshot = actor.getSnapshot();
      const model = expectedAfter(before, step.event);
      expect(snapshot.context.stack).toEqual(model.stack);
      expect(dismissed).toEqual(model.dismissed);
      expect(snapshot.value).toBe(model.stack.length ? 'open' : 'closed');
      const groups = snapshot.context.stack.map((open) => open.group);
      expect(new Set(groups).size).toBe(groups.length);
    }
    actor.stop();
  });
});
