import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { tooltipMachine, type TooltipEvent } from '../../machines/tooltip';
import { useViewerInspection } from '../viewer/inspection';
import { placeTooltip } from './tooltipPlacement';
import { TOOLTIP_ATTRIBUTE } from './withTooltip';

/**
 * The page's one tooltip (machines/tooltip.ts): it names the icon-only control (`data-tooltip`,
 * ./withTooltip.ts) under a mouse or pen after 500 ms, or in keyboard focus at once;
 * Escape, a press or a scroll dismisses it. It repeats the control's accessible name for sighted
 * users, so it is hidden from assistive technology. Loaded lazily by the app's root.
 */
export default function Tooltips() {
  const actor = useActorRef(tooltipMachine, { inspect: useViewerInspection() });
  const anchors = useRef(new Map<string, Element>());
  const target = useSelector(actor, (snapshot) => (snapshot.matches('open') ? snapshot.context.target : null));
  useEffect(() => listenForTooltips(document, anchors.current, (event) => actor.send(event)), [actor]);
  const anchor = target ? anchors.current.get(target) : undefined;
  const text = anchor ? anchor.getAttribute(TOOLTIP_ATTRIBUTE) || anchor.getAttribute('aria-label') : null;
  return anchor?.isConnected && text ? createPortal(<Tip anchor={anchor} text={text} />, document.body) : null;
}

function Tip({ anchor, text }: { anchor: Element; text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const tip = ref.current!;
    const { left, top, side } = placeTooltip(anchor.getBoundingClientRect(), { width: tip.offsetWidth, height: tip.offsetHeight }, { width: window.innerWidth, height: window.innerHeight });
    Object.assign(tip.style, { left: `${left}px`, top: `${top}px`, visibility: 'visible' });
    tip.dataset.side = side;
  }, [anchor, text]);
  return (
    <div
      ref={ref}
      aria-hidden="true"
      data-testid="tooltip"
      style={{ visibility: 'hidden' }}
      className="pointer-events-none fixed z-50 max-w-xs rounded bg-gray-900 px-2 py-1 text-xs text-white shadow-md animate-overlay-fade motion-reduce:animate-none"
    >
      {text}
    </div>
  );
}

/**
 * Listens on the document for what moves the tooltip: the pointer coming onto and leaving a control
 * with `data-tooltip`, keyboard focus, Escape, presses and scrolling. `anchors` maps the names sent in
 * events to their controls. Answers a function that stops listening.
 */
export function listenForTooltips(doc: Document, anchors: Map<string, Element>, send: (event: TooltipEvent) => void): () => void {
  const names = new WeakMap<Element, string>();
  let count = 0;
  const nameOf = (anchor: Element) => {
    let name = names.get(anchor);
    if (!name) names.set(anchor, (name = `tooltip-${++count}`));
    anchors.clear();
    anchors.set(name, anchor);
    return name;
  };
  const anchorOf = (node: EventTarget | null) => (node instanceof Element ? node.closest(`[${TOOLTIP_ATTRIBUTE}]`) : null);
  let hovered: Element | null = null;
  let focused: Element | null = null;
  // Focus counts as the keyboard's when a key was the learner's last input (as browsers decide :focus-visible).
  let keyboardLast = false;

  const over = (event: PointerEvent) => {
    if (event.pointerType === 'touch') return;
    const anchor = anchorOf(event.target);
    if (anchor === hovered) return;
    hovered = anchor;
    send(anchor ? { type: 'hover.start', target: nameOf(anchor) } : { type: 'hover.end' });
  };
  const out = (event: PointerEvent) => {
    // Out of the window altogether: nothing comes over next.
    if (hovered && !event.relatedTarget) {
      hovered = null;
      send({ type: 'hover.end' });
    }
  };
  const focusIn = (event: FocusEvent) => {
    const anchor = anchorOf(event.target);
    if (!anchor || !keyboardLast) return;
    focused = anchor;
    send({ type: 'focus.keyboard', target: nameOf(anchor) });
  };
  const focusOut = (event: FocusEvent) => {
    if (!focused || !(event.target instanceof Node) || !focused.contains(event.target)) return;
    focused = null;
    send({ type: 'focus.end' });
  };
  const key = (event: KeyboardEvent) => {
    keyboardLast = true;
    if (event.key === 'Escape') send({ type: 'dismiss' });
  };
  const dismiss = () => send({ type: 'dismiss' });
  const press = () => {
    keyboardLast = false;
    dismiss();
  };
  // The window losing focus (another window, another tab), not an element of it (their blurs pass the window in the capture phase).
  const windowBlur = (event: Event) => {
    if (event.target === event.currentTarget) dismiss();
  };
  const listeners: [EventTarget, string, EventListener][] = [
    [doc, 'pointerover', over as EventListener],
    [doc, 'pointerout', out as EventListener],
    [doc, 'focusin', focusIn as EventListener],
    [doc, 'focusout', focusOut as EventListener],
    [doc, 'keydown', key as EventListener],
    [doc, 'pointerdown', press],
    [doc, 'scroll', dismiss],
    [doc.defaultView ?? doc, 'blur', windowBlur],
  ];
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener, { capture: true, passive: true });
  return () => {
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener, { capture: true });
  };
}
