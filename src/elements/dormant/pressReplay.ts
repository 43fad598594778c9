/*
 * A press on a stand-in counts. Before the app runs, an interactive element of the server's first
 * paint is its stand-in (src/elements/dormant/DormantElement.tsx): the text of its choices, of its
 * foldable's title, of its hotspot's spots, without widgets. In the app, a stand-in on a long page
 * wakes when it is pressed, and the widget replaces it under the pointer. Either way the press would
 * be lost: a learner who ticked an answer would find it unticked.
 *
 * A stand-in part that stands for one control carries `data-press` with a key, and the woken
 * element's control carries the same key. A press on the part is kept and, once the element's
 * control is in the document, replayed on it as a click, in the microtask after the control arrives,
 * so before the learner or anything else can press it. A press whose own click reached the control
 * (the widget was there in time) is not replayed, so a checkbox is never ticked twice.
 *
 * Installed by the page's entry (src/boot.ts) before the app's code loads. Presses are replayed in
 * the order they were made (two choices ticked before the app ran are both ticked).
 *
 * A link in a frame of the server's first paint (a chapter card) is pressed alike: should the app replace
 * the frame between the pointer's press and release, its click is lost, and it is replayed on the app's
 * link to the same address. So is a control of an early form there (src/elements/early: a choice, the
 * answer button), which answers by itself unless its element replaces it under the press: a long page's
 * list renders its chunks as the learner reads, and a press lasts a tenth of a second.
 */

import { PRESS_ATTRIBUTE } from '../../../paint/pressTarget';
import { EARLY } from '../../../paint/earlyAttributes';

/** A press not replayed within this time (ms) is dropped: the element never woke on this page. */
export const PRESS_REPLAY_LIMIT_MS = 30_000;

type Press = { elementId: string; key: string };

/** A press whose pointer went down on a stand-in and whose click has not come yet. */
let pressing: Press | null = null;
/** Presses waiting for their controls, in the order they were made. */
let pending: Array<Press & { until: number }> = [];
let watcher: MutationObserver | null = null;

/** The element frame a node belongs to (its nearest `data-model-name`, with the element's id). */
function frameOf(node: Element): Element | null {
  return node.closest('[data-model-name][id]');
}

/** The key of a press on a link of a frame the server drew: the address it leads to (the app's link of that element has it too). */
const LINK_PRESS = 'href:';

/** The press a node of a stand-in, of an early form in a server frame or of a link in one stands for, if it is one. */
function pressAt(target: EventTarget | null): Press | null {
  if (!(target instanceof Element)) return null;
  const link = target.closest<HTMLAnchorElement>('[data-shell-element] a[href]');
  const linkFrame = link && frameOf(link);
  if (linkFrame) return { elementId: linkFrame.id, key: LINK_PRESS + link.href };
  if (!target.closest(`[data-dormant], [data-shell-element] [${EARLY.form}]`)) return null;
  const part = target.closest(`[${PRESS_ATTRIBUTE}]`);
  // An early form's disabled button (nothing ticked yet) takes no press: replayed, it would answer later.
  if (part?.matches(':disabled')) return null;
  const frame = part && frameOf(part);
  const key = part?.getAttribute(PRESS_ATTRIBUTE);
  return frame && key ? { elementId: frame.id, key } : null;
}

/** The woken element's control for a press: in its own frame (not a nested element's), not in a stand-in. */
function controlFor(doc: Document, press: Press): HTMLElement | null {
  const frame = doc.getElementById(press.elementId);
  if (!frame) return null;
  const href = press.key.startsWith(LINK_PRESS) ? press.key.slice(LINK_PRESS.length) : null;
  for (const control of frame.querySelectorAll<HTMLElement>(href ? 'a[href]' : `[${PRESS_ATTRIBUTE}]`)) {
    const same = href ? (control as HTMLAnchorElement).href === href : control.getAttribute(PRESS_ATTRIBUTE) === press.key;
    if (same && !control.closest('[data-dormant]') && frameOf(control) === frame) return control;
  }
  return null;
}

/** Replays the presses whose controls are there, each element's in the order they were made. */
function replayWhatIsThere(doc: Document): void {
  const now = Date.now();
  const waiting = new Set<string>();
  const left: typeof pending = [];
  for (const press of pending) {
    if (press.until < now) continue;
    const control = !waiting.has(press.elementId) && controlFor(doc, press);
    // A label is pressed by pressing its control (react-aria's labels take only real presses).
    if (control) ((control instanceof HTMLLabelElement && control.control) || control).click();
    else {
      waiting.add(press.elementId);
      left.push(press);
    }
  }
  pending = left;
  if (!pending.length) {
    watcher?.disconnect();
    watcher = null;
  }
}

function keep(doc: Document, press: Press): void {
  pending.push({ ...press, until: Date.now() + PRESS_REPLAY_LIMIT_MS });
  const view = doc.defaultView;
  if (!watcher && view?.MutationObserver) {
    watcher = new view.MutationObserver(() => replayWhatIsThere(doc));
    watcher.observe(doc.documentElement, { childList: true, subtree: true });
  }
  // The control may be there already (the click landed beside it): after this click's dispatch.
  view?.setTimeout(() => replayWhatIsThere(doc), 0);
}

const listening = new WeakSet<Document>();

/** Listens, in the capture phase, for presses on stand-ins of the document (once per document). */
export function listenForStandInPresses(doc: Document): void {
  if (listening.has(doc)) return;
  listening.add(doc);
  doc.addEventListener('pointerdown', (event) => {
    pressing = pressAt(event.target);
  }, true);
  doc.addEventListener('pointercancel', () => {
    pressing = null;
  }, true);
  doc.addEventListener('click', (event) => {
    const press = pressing ?? pressAt(event.target);
    pressing = null;
    if (!press) return;
    // Its own click reached the woken control: nothing to replay.
    const target = event.target instanceof Element ? event.target : null;
    const control = controlFor(doc, press);
    if (control && target && control.contains(target)) return;
    keep(doc, press);
  }, true);
  // A press whose stand-in was replaced under the pointer may get no click at all: it is kept after the pointer's release.
  doc.addEventListener('pointerup', () => {
    if (!pressing) return;
    doc.defaultView?.setTimeout(() => {
      if (!pressing) return;
      const press = pressing;
      pressing = null;
      keep(doc, press);
    }, 0);
  }, true);
}

/** Forgets the presses in hand (tests). */
export function forgetPresses(): void {
  pressing = null;
  pending = [];
  watcher?.disconnect();
  watcher = null;
}
