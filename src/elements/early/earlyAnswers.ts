import { announcePolitely } from '../../ui/liveAnnouncer';
import { afterFirstPaint } from '../../afterFirstPaint';
import { EARLY } from '../../../paint/earlyAttributes';

/*
 * Questions that answer before the app runs. The server draws a choice question of the first paint as
 * native controls (src/kinds/choice/ChoiceEarlyForm.paint.tsx) marked with the attributes below; the page's
 * entry (src/boot.ts) installs the listeners here before the app's code loads, so ticking a choice and
 * pressing Evaluate give their feedback at once, as a static page would. What the learner did is kept
 * by element id until the app renders that element and takes it over (`takeEarlyAnswer`): the app's
 * chart then goes through the same steps, so the answer is saved, tracked and counted as if it had
 * been given in the app. Until then it is also kept in this browser (localStorage, per page), so an
 * answer given in a tab closed before the app came, or on a page whose app never came, is shown and
 * taken over on the next visit of the page.
 */

/** What a learner did in an early form: the ticked choices (in the page's order) and whether they evaluated. */
export type EarlyAnswer = { selected: string[]; evaluated: boolean };

const answers = new Map<string, EarlyAnswer>();

/** The prefix of the localStorage keys that hold a page's early answers not yet taken over, by element id. */
export const EARLY_ANSWERS_KEY_PREFIX = 'lernwerk:early:';

/**
 * The key of the page the listeners started on: its path (a page's early forms are its own; element ids
 * are unique within a material), kept while the app moves on to other addresses.
 */
let storeKey = EARLY_ANSWERS_KEY_PREFIX;

/** An answer as the browser keeps it: with when it was given (ms since the epoch; kept by an earlier version: none). */
type KeptAnswer = EarlyAnswer & { keptAt?: number };

/**
 * How long the browser keeps an answer the app never took over: the learner did not come back to its page
 * in this time (the app takes it over on the page's next visit), so it is dropped rather than kept for ever.
 */
export const EARLY_ANSWER_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** The answers kept under `key`, as stored (unreadable or blocked storage: none); `showKept` skips an entry that is no answer. */
function storedAnswers(key = storeKey): Record<string, KeptAnswer> {
  try {
    return JSON.parse(localStorage.getItem(key)!) ?? {};
  } catch {
    return {};
  }
}

/** Keeps element `id`'s answer for this page, or forgets it (an empty answer too); blocked or full storage keeps it in memory only. */
function store(id: string, answer?: EarlyAnswer): void {
  try {
    const stored = storedAnswers();
    if (answer?.evaluated || answer?.selected.length) stored[id] = { ...answer, keptAt: Date.now() };
    else delete stored[id];
    localStorage.setItem(storeKey, JSON.stringify(stored));
  } catch {
    /* the answer stays in memory until the app takes it */
  }
}

/**
 * Drops the answers of every page kept longer than EARLY_ANSWER_KEPT_MS (an answer kept without its time
 * gets it now, so it is kept as long again). Run where answers are read, after the first paint.
 */
function dropStaleAnswers(now: number): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(EARLY_ANSWERS_KEY_PREFIX)) keys.push(key);
    }
    for (const key of keys) {
      const stored = Object.entries(storedAnswers(key));
      const fresh = stored.flatMap(([id, answer]) => {
        const keptAt = typeof answer?.keptAt === 'number' ? answer.keptAt : now;
        return now - keptAt > EARLY_ANSWER_KEPT_MS ? [] : [[id, { ...answer, keptAt }] as const];
      });
      const changed = fresh.length !== stored.length || stored.some(([, answer]) => typeof answer?.keptAt !== 'number');
      if (!fresh.length) localStorage.removeItem(key);
      else if (changed) localStorage.setItem(key, JSON.stringify(Object.fromEntries(fresh)));
    }
  } catch {
    /* storage blocked or full: what is kept stays until it can be dropped */
  }
}

/** The learner's early answer of element `id`, handed over once: the app's element takes it when it renders. */
export function takeEarlyAnswer(id: string): EarlyAnswer | undefined {
  const answer = answers.get(id);
  answers.delete(id);
  // The app writes what it took over with the learner's state, at the latest when the page is hidden or left.
  if (answer) store(id);
  return answer;
}

/** The key of an early form's button among its controls' focus keys (the others are the choices' ids). */
export const EARLY_BUTTON_KEY = 'button';

/** The early control that has the focus: the app's element takes it over with the answer (`takeEarlyFocus`). */
let focused: { id: string; key: string; control: Element } | null = null;

/**
 * The focus key of element `id`'s early control that has the focus, or had it until the app moved or
 * removed the form, handed over once: the app's element moves the focus to its own control of that key.
 */
export function takeEarlyFocus(id: string): string | undefined {
  const control = focused?.id === id ? focused.control : null;
  // Focus that left for another control went with a focusin (`focused` follows it); focus lost when the app
  // moved or removed the form's frame went to the body.
  const active = control?.ownerDocument.activeElement;
  if (!control || (active !== control && active && active !== control.ownerDocument.body)) return undefined;
  const key = focused!.key;
  focused = null;
  return key;
}

/** Whether the learner answered in element `id`'s early form, or is in it: the app renders it awake, to take both over. */
export function earlyFormInUse(id: string): boolean {
  return answers.has(id) || focused?.id === id;
}

const has = (node: Element, attribute: string) => node.hasAttribute(attribute);

const frameIdOf = (form: Element) => form.closest('[data-model-name][id]')?.id;

function formAt(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest(`[${EARLY.form}]`) : null;
}

function inputsOf(form: Element): HTMLInputElement[] {
  return [...form.querySelectorAll('input')];
}

/** The button's other look: swaps its text and class with the ones it keeps in its attributes. */
function turn(button: Element): void {
  const label = button.getAttribute(EARLY.editLabel) ?? '';
  const className = button.getAttribute(EARLY.editClass) ?? '';
  button.setAttribute(EARLY.editLabel, button.textContent ?? '');
  button.setAttribute(EARLY.editClass, button.className);
  button.textContent = label;
  button.className = className;
}

/** Keeps what the form shows as the element's early answer, and offers Evaluate once a choice is ticked. */
function record(form: Element): void {
  const id = frameIdOf(form);
  const inputs = inputsOf(form);
  const evaluated = has(form, EARLY.evaluated);
  const selected = inputs.filter((input) => input.checked).map((input) => input.value);
  for (const input of inputs) input.closest('label')?.toggleAttribute(EARLY.selected, input.checked);
  if (id) {
    const answer = { selected, evaluated };
    answers.set(id, answer);
    store(id, answer);
  }
  const button = form.querySelector<HTMLButtonElement>(`[${EARLY.button}]`);
  if (button) button.disabled = !evaluated && !selected.length;
}

/** Evaluates the form; `quietly`: without announcing the feedback (an answer shown again, not given now). */
function evaluate(form: Element, button: Element, quietly?: boolean): void {
  const inputs = inputsOf(form);
  if (!inputs.some((input) => input.checked)) return;
  const correct = inputs.every((input) => input.checked === has(input, EARLY.correct));
  const kind = has(form, EARLY.neutral) ? 'neutral' : correct ? 'positive' : 'negative';
  const box = form.querySelector<HTMLTemplateElement>(`template[${EARLY.feedback}="${kind}"]`)?.content.firstElementChild?.cloneNode(true);
  for (const input of inputs) {
    input.disabled = true;
    const mark = input.checked && input.closest('label')?.querySelector(`[${EARLY.mark}]`);
    if (mark) mark.removeAttribute('hidden');
  }
  form.setAttribute(EARLY.evaluated, '');
  turn(button);
  if (box instanceof Element) {
    form.append(box);
    if (!quietly) announcePolitely(box.textContent ?? '');
  }
}

function edit(form: Element, button: Element): void {
  for (const input of inputsOf(form)) {
    input.disabled = false;
    input.checked = false;
  }
  for (const mark of form.querySelectorAll(`[${EARLY.mark}]`)) mark.setAttribute('hidden', '');
  form.querySelector(':scope > [data-feedback]')?.remove();
  form.removeAttribute(EARLY.evaluated);
  turn(button);
}

/**
 * The answers an earlier visit gave and the app never took over: the app takes them as it would this
 * visit's, and a form the learner has not touched yet shows its answer as it was left (not announced again).
 */
function showKept(doc: Document): void {
  // An answer is kept for a form the page draws again (the first paint is the same on every visit): a page without forms reads nothing.
  if (!doc.querySelector(`[${EARLY.form}]`)) return;
  dropStaleAnswers(Date.now());
  for (const [id, answer] of Object.entries(storedAnswers())) {
    if (Array.isArray(answer?.selected) && !answers.has(id)) answers.set(id, { selected: answer.selected, evaluated: answer.evaluated === true });
  }
  for (const form of doc.querySelectorAll(`[${EARLY.form}]`)) {
    const kept = answers.get(frameIdOf(form) ?? '');
    if (!kept || form.querySelector('input:checked') || has(form, EARLY.evaluated)) continue;
    for (const input of inputsOf(form)) input.checked = kept.selected.includes(input.value);
    // The server draws every early form with its button.
    if (kept.evaluated) evaluate(form, form.querySelector(`[${EARLY.button}]`)!, true);
    if (form.querySelector('input:checked')) record(form);
  }
}

const listening = new WeakSet<Document>();

/** Answers the early forms of the document (once per document), until the app replaces them. */
export function listenForEarlyAnswers(doc: Document): void {
  if (listening.has(doc)) return;
  listening.add(doc);
  storeKey = EARLY_ANSWERS_KEY_PREFIX + location.pathname;
  // Choices ticked before these listeners came (the page's entry still on its way) are answers too.
  for (const form of doc.querySelectorAll(`[${EARLY.form}]`)) if (form.querySelector('input:checked')) record(form);
  // What an earlier visit kept is read once the page has painted: a page's first use of the browser's storage is slow.
  void afterFirstPaint(window).then(() => showKept(doc));
  doc.addEventListener('change', (event) => {
    const form = formAt(event.target);
    if (form) record(form);
  });
  doc.addEventListener('focusin', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const form = formAt(target);
    const id = form && frameIdOf(form);
    focused = target && id ? { id, key: target instanceof HTMLInputElement ? target.value : EARLY_BUTTON_KEY, control: target } : null;
  });
  doc.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest(`[${EARLY.button}]`) : null;
    const form = formAt(button);
    if (!button || !form) return;
    if (has(form, EARLY.evaluated)) edit(form, button);
    else evaluate(form, button);
    record(form);
  });
}

/** Forgets the answers in hand, as a closed tab does; the browser keeps what it kept (tests). */
export function forgetEarlyAnswers(): void {
  answers.clear();
  focused = null;
}
