import { useSelector } from '@xstate/react';
import { useCallback, useContext, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { createActor } from 'xstate';
import { overlaysMachine, topmostOverlay, type DismissReason, type OverlayGroup } from '../../machines/overlays';
import { viewerInspector } from '../viewer/inspection';
import { OverlayScopeContext, type OverlayScope, type OverlayStack } from './OverlayProvider';

/**
 * Escape and presses outside the topmost overlay, turned into events of the overlays actor. A press
 * is judged in the capture phase, before react-aria's press handling stops its propagation.
 */
function listenForDismissal({ actor, insideTests }: OverlayStack, doc: Document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    // An Escape a component inside the overlay handled (a listbox closing) is not for the stack.
    if (event.key !== 'Escape' || event.defaultPrevented || !actor.getSnapshot().matches('open')) return;
    event.preventDefault();
    actor.send({ type: 'overlay.escape' });
  };
  const onPointerDown = (event: PointerEvent) => {
    const top = topmostOverlay(actor.getSnapshot().context.stack);
    const isInside = top && insideTests.get(top.id);
    if (!top || !isInside || !(event.target instanceof Node) || isInside(event.target)) return;
    actor.send({ type: 'overlay.outsideClick', id: top.id });
  };
  doc.addEventListener('keydown', onKeyDown);
  doc.addEventListener('pointerdown', onPointerDown, true);
  return () => {
    doc.removeEventListener('keydown', onKeyDown);
    doc.removeEventListener('pointerdown', onPointerDown, true);
  };
}

/** The stack of a provider, made when its first overlay asks (the provider stops what it started). */
function stackOf(scope: OverlayScope): OverlayStack {
  if (!scope.stack) {
    const stack: OverlayStack = { actor: scope.actor ?? createActor(overlaysMachine, { inspect: scope.inspect }).start(), insideTests: new Map() };
    scope.stack = stack;
    scope.listen = () => listenForDismissal(stack, document);
    if (scope.mounted) scope.stopListening ??= scope.listen();
  }
  return scope.stack;
}

let pageWide: OverlayStack | null = null;

/**
 * Without a provider (an element rendered alone) one stack for the whole document stands in, so
 * Escape and outside presses still close overlays.
 */
function pageWideStack(): OverlayStack {
  if (!pageWide) {
    pageWide = { actor: createActor(overlaysMachine, { inspect: viewerInspector }).start(), insideTests: new Map() };
    listenForDismissal(pageWide, document);
  }
  return pageWide;
}

export type OverlayOptions = {
  /**
   * The overlay's elements: its popup and the trigger that toggles it. A press inside any of them is
   * not outside. Without refs a press never counts as outside (the overlay closes by Escape or its owner).
   */
  refs?: readonly RefObject<Element | null>[];
  /** Called when the overlay closed without its owner asking: Escape, a press outside, or another overlay of its group opened. */
  onDismiss?: (reason: DismissReason) => void;
};

export type Overlay = { isOpen: boolean; open: () => void; close: () => void };

/**
 * Overlay `id` of `group` in the nearest stack: one open per group, Escape closes the topmost, a
 * press outside closes it (spec section 4). It closes when the component unmounts.
 */
export function useOverlay(id: string, group: OverlayGroup, { refs, onDismiss }: OverlayOptions = {}): Overlay {
  const scope = useContext(OverlayScopeContext);
  const { actor, insideTests } = scope ? stackOf(scope) : pageWideStack();
  const isOpen = useSelector(actor, (snapshot) => snapshot.context.stack.some((open) => open.id === id));
  const latest = useRef({ refs, onDismiss });
  useLayoutEffect(() => {
    latest.current = { refs, onDismiss };
  });

  useEffect(() => {
    insideTests.set(id, (target) => {
      const elements = latest.current.refs ?? [];
      return elements.length === 0 || elements.some((ref) => ref.current?.contains(target));
    });
    const subscription = actor.on('overlay.dismissed', (event) => {
      if (event.id === id) latest.current.onDismiss?.(event.reason);
    });
    return () => {
      subscription.unsubscribe();
      insideTests.delete(id);
      actor.send({ type: 'overlay.close', id });
    };
  }, [actor, insideTests, id]);

  const open = useCallback(() => actor.send({ type: 'overlay.open', id, group }), [actor, id, group]);
  const close = useCallback(() => actor.send({ type: 'overlay.close', id }), [actor, id]);
  return { isOpen, open, close };
}
