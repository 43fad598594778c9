import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import {
  DRAG_AUTOSCROLL_EDGE_PX, DRAG_AUTOSCROLL_INTERVAL_MS, DRAG_AUTOSCROLL_SPEED_PX, DRAG_START_DELAY_MS, DRAG_THRESHOLD_PX,
} from '../../../model/constants';

/** Where an item may be dropped: a zone (by id) or the pool of unassigned items. */
export type DropTarget = { kind: 'zone'; zoneId: string } | { kind: 'pool' };

/** A press becomes a drag after moving more than 5 px and holding at least 150 ms (spec sections 5 and 9). */
export function isDragStart(dx: number, dy: number, elapsedMs: number): boolean {
  return Math.hypot(dx, dy) > DRAG_THRESHOLD_PX && elapsedMs >= DRAG_START_DELAY_MS;
}

/** Pixels to scroll per tick while the pointer is within 50 px of the viewport's top or bottom edge. */
export function autoScrollDelta(pointerY: number, viewportHeight: number): number {
  if (pointerY < DRAG_AUTOSCROLL_EDGE_PX) return -DRAG_AUTOSCROLL_SPEED_PX;
  if (pointerY > viewportHeight - DRAG_AUTOSCROLL_EDGE_PX) return DRAG_AUTOSCROLL_SPEED_PX;
  return 0;
}

/** The drop target under a point: the nearest element marked `data-zone-id` or `data-pool`. */
export function dropTargetAt(x: number, y: number): DropTarget | null {
  const hit = typeof document.elementFromPoint === 'function' ? document.elementFromPoint(x, y) : null;
  const zone = hit?.closest<HTMLElement>('[data-zone-id]');
  if (zone?.dataset.zoneId) return { kind: 'zone', zoneId: zone.dataset.zoneId };
  return hit?.closest('[data-pool]') ? { kind: 'pool' } : null;
}

type Press = { itemId: string; startX: number; startY: number; startTime: number; pointerId: number };
export type Dragging = { itemId: string; x: number; y: number; over: DropTarget | null };

/**
 * Pointer drag and drop of assignment items: primary button only, starts after the threshold and
 * delay, scrolls the page near the viewport edges, drops on the target under the pointer. A press
 * that never became a drag stays a click (select then place).
 */
export function useItemDrag(onDrop: (itemId: string, target: DropTarget) => void, enabled: boolean) {
  const press = useRef<Press | null>(null);
  const suppressClick = useRef(false);
  const pointerY = useRef(0);
  const [dragging, setDragging] = useState<Dragging | null>(null);
  const onDropRef = useRef(onDrop);
  onDropRef.current = onDrop;

  const onPointerDown = useCallback(
    (itemId: string) => (event: ReactPointerEvent<HTMLElement>) => {
      if (!enabled || event.button !== 0 || !event.isPrimary) return;
      press.current = { itemId, startX: event.clientX, startY: event.clientY, startTime: performance.now(), pointerId: event.pointerId };
    },
    [enabled],
  );

  // The ref is the truth (handlers read it synchronously); the state re-renders the ghost and targets.
  const drag = useRef<Dragging | null>(null);
  useEffect(() => {
    const move = (event: PointerEvent) => {
      const current = press.current;
      if (!current || event.pointerId !== current.pointerId) return;
      pointerY.current = event.clientY;
      if (!drag.current && !isDragStart(event.clientX - current.startX, event.clientY - current.startY, performance.now() - current.startTime)) return;
      event.preventDefault();
      drag.current = { itemId: current.itemId, x: event.clientX, y: event.clientY, over: dropTargetAt(event.clientX, event.clientY) };
      setDragging(drag.current);
    };
    const end = (event: PointerEvent) => {
      const current = press.current;
      if (!current || event.pointerId !== current.pointerId) return;
      press.current = null;
      const ended = drag.current;
      drag.current = null;
      setDragging(null);
      if (!ended) return;
      // A press that ends on the item itself turns into a click: swallow that one, but only that one.
      suppressClick.current = true;
      window.setTimeout(() => (suppressClick.current = false), 0);
      const target = event.type === 'pointerup' ? dropTargetAt(event.clientX, event.clientY) : null;
      if (target) onDropRef.current(ended.itemId, target);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
    };
  }, []);

  const isDragging = dragging !== null;
  useEffect(() => {
    if (!isDragging) return;
    const timer = window.setInterval(() => {
      const delta = autoScrollDelta(pointerY.current, window.innerHeight);
      if (delta !== 0) window.scrollBy(0, delta);
    }, DRAG_AUTOSCROLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [isDragging]);

  /** True once after a drag ended: the click that follows the pointerup must not select the item. */
  const consumeClick = useCallback(() => {
    const suppressed = suppressClick.current;
    suppressClick.current = false;
    return suppressed;
  }, []);

  return { dragging, onPointerDown, consumeClick };
}
