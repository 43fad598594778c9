import { announcePolitely } from '../../ui/liveAnnouncer';

/*
 * Questions that answer before the app runs. The server draws a choice question of the first paint as
 * native controls (src/kinds/choice/ChoiceEarlyForm.tsx) marked with the attributes below; the page's
 * entry (src/boot.ts) installs the listeners here before the app's code loads, so ticking a choice and
 * pressing Evaluate give their feedback at once, as a static page would. What the learner did is kept
 * by element id until the app renders that element and takes it over (`takeEarlyAnswer`): the app's
 * chart then goes through the same steps, so the answer is saved, tracked and counted as if it had
 * been given in the app.
 */

/** The attributes of an early form, shared by the server's drawing and these listeners. */
export const EARLY = {
  form: 'data-early-form',
  neutral: 'data-early-neutral',
  correct: 'data-early-correct',
  mark: 'data-early-mark',
  button: 'data-early-button',
  editLabel: 'data-early-edit-label',
  editClass: 'data-early-edit-class',
  feedback: 'data-early-feedback',
  evaluated: 'data-early-evaluated',
  /** On an option's label while its input is ticked (its tint; the tick itself is drawn from the input). */
  selected: 'data-selected',
} as const;

/** What a learner did in an early form: the ticked choices (in the page's order) and whether they evaluated. */
export type EarlyAnswer = { selected: string[]; evaluated: boolean };

const answers = new Map<string, EarlyAnswer>();

/** The learner's early answer of element `id`, handed over once: the app's element takes it when it renders. */
export function takeEarlyAnswer(id: string): EarlyAnswer | undefined {
  const answer = answers.get(id);
  answers.delete(id);
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
  if (id) answers.set(id, { selected, evaluated });
  const button = form.querySelector<HTMLButtonElement>(`[${EARLY.button}]`);
  if (button) button.disabled = !evaluated && !selected.length;
}

function evaluate(form: Element, button: Element): void {
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
    announcePolitely(box.textContent ?? '');
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

const listening = new WeakSet<Document>();

/** Answers the early forms of the document (once per document), until the app replaces them. */
export function listenForEarlyAnswers(doc: Document): void {
  if (listening.has(doc)) return;
  listening.add(doc);
  // Choices ticked before these listeners came (the page's entry still on its way) are answers too.
  for (const form of doc.querySelectorAll(`[${EARLY.form}]`)) if (form.querySelector('input:checked')) record(form);
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

/** Forgets the answers in hand (tests). */
export function forgetEarlyAnswers(): void {
  answers.clear();
  focused = null;
}
