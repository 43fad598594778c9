// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { shellContentHtml } from '../../server/pages/shellContent';
import { EARLY } from '../../paint/earlyAttributes';
import { EARLY_ANSWER_KEPT_MS, EARLY_ANSWERS_KEY_PREFIX, forgetEarlyAnswers, listenForEarlyAnswers, takeEarlyAnswer } from '../../src/elements/early/earlyAnswers';
import { ContentElement } from '../../model/elements';
import { ANNOUNCE_DELAY_MS } from '../../src/ui/liveAnnouncer';

/*
 * The early form of a choice question (src/kinds/choice/ChoiceEarlyForm.paint.tsx, drawn by the server) and
 * its listeners (src/elements/early/earlyAnswers.ts), before any app: what a press does, what is kept.
 */

const question = ContentElement.parse({
  modelName: 'ChoiceQuestion', id: 'eq', type: 'mc', question: '<p>Was spart Wasser?</p>',
  choices: [{ id: 'eq-a', text: 'Sparduschkopf', correct: true }, { id: 'eq-b', text: 'Baden', correct: false }, { id: 'eq-c', text: 'Spartaste', correct: true }],
});

/** A page of its own (the listeners start once per document), drawn as the server draws the question. */
async function freshPage(): Promise<Document> {
  const doc = document.implementation.createHTMLDocument();
  doc.body.innerHTML = await shellContentHtml([question], 'de');
  return doc;
}

/** Until what the live announcer was given is in its region (src/ui/liveAnnouncer.ts sets it a moment later). */
const said = () => new Promise((resolve) => setTimeout(resolve, ANNOUNCE_DELAY_MS + 20));

/** Until what an earlier visit kept is shown: the listeners read it once the page has painted (at once in jsdom, which reports no paint). */
const painted = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What this page keeps in the browser (the tests' page is at `/`), each answer without when it was kept. */
function kept(): Record<string, unknown> | null {
  const stored = JSON.parse(localStorage.getItem(`${EARLY_ANSWERS_KEY_PREFIX}${location.pathname}`) ?? 'null') as Record<string, { keptAt?: unknown }> | null;
  if (!stored) return stored;
  for (const answer of Object.values(stored)) expect(answer.keptAt).toBeTypeOf('number');
  return Object.fromEntries(Object.entries(stored).map(([id, { keptAt: _keptAt, ...answer }]) => [id, answer]));
}

afterEach(() => {
  forgetEarlyAnswers();
  localStorage.clear();
});

describe('an early form', () => {
  it('keeps choices ticked before its listeners came, offers Evaluate, and marks and says the result', async () => {
    document.body.innerHTML = await shellContentHtml([question], 'de');
    const form = document.querySelector(`[${EARLY.form}]`)!;
    const input = (id: string) => form.querySelector<HTMLInputElement>(`input[value="${id}"]`)!;
    const button = form.querySelector<HTMLButtonElement>(`[${EARLY.button}]`)!;
    // Ticked while the page's entry was still on its way: no listener saw it.
    input('eq-a').click();
    expect(input('eq-a').checked).toBe(true);
    expect(input('eq-a').getAttribute('autocomplete')).toBe('off');
    expect(button.disabled).toBe(true);

    listenForEarlyAnswers(document);
    expect(button.disabled).toBe(false);
    input('eq-b').click();
    button.click();
    const box = form.querySelector('[data-feedback]')!;
    expect(box.getAttribute('data-feedback')).toBe('negative');
    expect(box.textContent).toContain('Falsche Antwort:');
    expect(button.textContent).toBe('Antwort bearbeiten');
    expect([...form.querySelectorAll('input')].map((i) => i.disabled)).toEqual([true, true, true]);
    // Marked: the two ticked choices (one right, one wrong), not the right one left out.
    expect([...form.querySelectorAll(`[${EARLY.mark}]:not([hidden]) [data-result]`)].map((m) => m.getAttribute('data-result'))).toEqual(['correct', 'wrong']);
    expect(takeEarlyAnswer('eq')).toEqual({ selected: ['eq-a', 'eq-b'], evaluated: true });
    // Handed over once.
    expect(takeEarlyAnswer('eq')).toBeUndefined();

    // Edit: everything as it was drawn; the answer kept is an empty one.
    button.click();
    expect(form.querySelector('[data-feedback]')).toBeNull();
    expect(button.textContent).toBe('Auswerten');
    expect(button.disabled).toBe(true);
    expect([...form.querySelectorAll('input')].map((i) => `${i.checked}:${i.disabled}`)).toEqual(['false:false', 'false:false', 'false:false']);
    expect(form.querySelectorAll(`[${EARLY.mark}]:not([hidden])`)).toHaveLength(0);
    expect(takeEarlyAnswer('eq')).toEqual({ selected: [], evaluated: false });
  });

  it('keeps its answer in the browser until the app takes it over, so a tab closed before the app came loses nothing', async () => {
    const first = await freshPage();
    listenForEarlyAnswers(first);
    const input = (doc: Document, id: string) => doc.querySelector<HTMLInputElement>(`input[value="${id}"]`)!;
    const button = (doc: Document) => doc.querySelector<HTMLButtonElement>(`[${EARLY.button}]`)!;
    input(first, 'eq-a').click();
    expect(kept()).toEqual({ eq: { selected: ['eq-a'], evaluated: false } });
    input(first, 'eq-c').click();
    button(first).click();
    expect(kept()).toEqual({ eq: { selected: ['eq-a', 'eq-c'], evaluated: true } });

    // The tab is closed before the app came (what it held in memory is gone); the next visit of the page draws the form afresh.
    forgetEarlyAnswers();
    expect(takeEarlyAnswer('eq')).toBeUndefined();
    const next = await freshPage();
    // What the first visit said has been said (the announcer sets its text a moment later), before it is compared.
    await said();
    const announcer = document.querySelector('[data-live-announcer="polite"]')?.textContent ?? '';
    listenForEarlyAnswers(next);
    await painted();
    await said();
    // Shown as it was left: ticked, evaluated, marked, the button turned; not announced again.
    expect([...next.querySelectorAll('input')].map((i) => `${i.checked}:${i.disabled}`)).toEqual(['true:true', 'false:true', 'true:true']);
    expect(next.querySelector('[data-feedback]')?.getAttribute('data-feedback')).toBe('positive');
    expect(button(next).textContent).toBe('Antwort bearbeiten');
    expect(document.querySelector('[data-live-announcer="polite"]')?.textContent ?? '').toBe(announcer);
    // Handed over once, and then no longer kept: the app keeps it with the learner's state.
    expect(takeEarlyAnswer('eq')).toEqual({ selected: ['eq-a', 'eq-c'], evaluated: true });
    expect(kept()).toEqual({});
    expect(takeEarlyAnswer('eq')).toBeUndefined();
  });

  it('hands over an answer kept for an element this paint does not draw, and ignores what is not an answer', async () => {
    localStorage.setItem(`${EARLY_ANSWERS_KEY_PREFIX}${location.pathname}`, JSON.stringify({ further: { selected: ['further-b'], evaluated: false }, broken: { selected: 'eq-a' }, empty: null }));
    const page = await freshPage();
    listenForEarlyAnswers(page);
    await painted();
    expect([...page.querySelectorAll('input')].map((i) => i.checked)).toEqual([false, false, false]);
    expect(takeEarlyAnswer('further')).toEqual({ selected: ['further-b'], evaluated: false });
    expect(takeEarlyAnswer('broken')).toBeUndefined();
    expect(takeEarlyAnswer('empty')).toBeUndefined();
  });

  it('keeps nothing when an answer is taken back, and answers in memory where storage is unreadable', async () => {
    localStorage.setItem(`${EARLY_ANSWERS_KEY_PREFIX}${location.pathname}`, '{not json');
    const page = await freshPage();
    listenForEarlyAnswers(page);
    await painted();
    const input = page.querySelector<HTMLInputElement>('input[value="eq-b"]')!;
    input.click();
    expect(kept()).toEqual({ eq: { selected: ['eq-b'], evaluated: false } });
    input.click();
    expect(kept()).toEqual({});
    expect(takeEarlyAnswer('eq')).toEqual({ selected: [], evaluated: false });
  });

  it('drops answers kept longer than 30 days, of every page, once a page with early forms has painted', async () => {
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    const stale = now - EARLY_ANSWER_KEPT_MS - day;
    const key = (path: string) => `${EARLY_ANSWERS_KEY_PREFIX}${path}`;
    localStorage.setItem(key('/s/x/old/'), JSON.stringify({ a: { selected: ['a-1'], evaluated: true, keptAt: stale } }));
    localStorage.setItem(key('/s/x/mixed/'), JSON.stringify({ b: { selected: ['b-1'], evaluated: false, keptAt: stale }, c: { selected: ['c-1'], evaluated: false, keptAt: now - day } }));
    // Kept by the version before answers carried their time: kept as long again from now.
    localStorage.setItem(key('/s/x/unstamped/'), JSON.stringify({ d: { selected: ['d-1'], evaluated: false } }));
    localStorage.setItem(key(location.pathname), JSON.stringify({ eq: { selected: ['eq-a'], evaluated: true, keptAt: stale } }));
    localStorage.setItem('another-app', 'theirs');
    const page = await freshPage();
    listenForEarlyAnswers(page);
    await painted();
    expect(localStorage.getItem(key('/s/x/old/'))).toBeNull();
    expect(Object.keys(JSON.parse(localStorage.getItem(key('/s/x/mixed/'))!))).toEqual(['c']);
    expect(JSON.parse(localStorage.getItem(key('/s/x/unstamped/'))!).d.keptAt).toBeGreaterThanOrEqual(now);
    // This page's stale answer is neither shown nor handed over.
    expect([...page.querySelectorAll('input')].map((i) => i.checked)).toEqual([false, false, false]);
    expect(takeEarlyAnswer('eq')).toBeUndefined();
    expect(kept()).toBeNull();
    expect(localStorage.getItem('another-app')).toBe('theirs');
  });

  it('lets a choice ticked before the kept answer was read win over it', async () => {
    localStorage.setItem(`${EARLY_ANSWERS_KEY_PREFIX}${location.pathname}`, JSON.stringify({ eq: { selected: ['eq-a', 'eq-c'], evaluated: true } }));
    const page = await freshPage();
    listenForEarlyAnswers(page);
    page.querySelector<HTMLInputElement>('input[value="eq-b"]')!.click();
    await painted();
    expect([...page.querySelectorAll('input')].map((i) => `${i.checked}:${i.disabled}`)).toEqual(['false:false', 'true:false', 'false:false']);
    expect(page.querySelector('[data-feedback]')).toBeNull();
    expect(takeEarlyAnswer('eq')).toEqual({ selected: ['eq-b'], evaluated: false });
  });
});
