// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { forgetPresses, listenForStandInPresses, PRESS_REPLAY_LIMIT_MS } from '../../src/elements/dormant/pressReplay';

/*
 * A press on a stand-in's part is replayed, as one click, on the woken element's control with the
 * same press key, and only where the press's own click did not reach that control.
 */

beforeAll(() => listenForStandInPresses(document));
afterEach(() => {
  forgetPresses();
  document.body.innerHTML = '';
  vi.useRealTimers();
});

/** An element frame with its stand-in: the question's text and two choices with press keys. */
function standInFrame(id = 'q1'): HTMLElement {
  document.body.insertAdjacentHTML(
    'beforeend',
    `<div id="${id}" data-model-name="ChoiceQuestion"><div data-dormant tabindex="0">
       <div>Woher kommt das Trinkwasser?</div><div data-press="choice:a"><p>Grundwasser</p></div><div data-press="choice:b">Wolke</div>
     </div></div>`,
  );
  return document.getElementById(id)!;
}

/** The woken element in place of the stand-in: buttons for its choices, counting their clicks. */
function wake(frame: HTMLElement): Record<string, number> {
  const clicks: Record<string, number> = { 'choice:a': 0, 'choice:b': 0 };
  frame.replaceChildren();
  for (const key of Object.keys(clicks)) {
    const control = document.createElement('button');
    control.setAttribute('data-press', key);
    control.addEventListener('click', () => clicks[key]++);
    frame.append(control);
  }
  return clicks;
}

const control = (frame: HTMLElement, key: string) => frame.querySelector<HTMLElement>(`[data-press="${key}"]`)!;
const pointer = (type: string, target: Element) => target.dispatchEvent(new Event(type, { bubbles: true }));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A whole press (pointer down, up, click) on a node. */
function press(target: Element): void {
  pointer('pointerdown', target);
  pointer('pointerup', target);
  target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
}

describe('a press on a stand-in', () => {
  it('before the app runs: the choice pressed is clicked once its control is there, and only it', async () => {
    const frame = standInFrame();
    press(frame.querySelector('[data-press="choice:a"] p')!);
    await settle();
    const clicks = wake(frame);
    await settle();
    expect(clicks).toEqual({ 'choice:a': 1, 'choice:b': 0 });
    // Nothing is kept for later.
    wake(frame);
    await settle();
    expect(clicks).toEqual({ 'choice:a': 1, 'choice:b': 0 });
  });

  it('several presses before the app runs are replayed in their order, each element once it is there', async () => {
    const [first, second] = [standInFrame('q1'), standInFrame('q2')];
    const order: string[] = [];
    const noteClick = (event: Event) => {
      const target = event.target as Element;
      if (target.tagName === 'BUTTON') order.push(`${target.parentElement!.id} ${target.getAttribute('data-press')}`);
    };
    document.addEventListener('click', noteClick);
    onTestFinished(() => document.removeEventListener('click', noteClick));
    press(first.querySelector('[data-press="choice:b"]')!);
    press(second.querySelector('[data-press="choice:a"]')!);
    press(first.querySelector('[data-press="choice:a"]')!);
    await settle();
    const secondClicks = wake(second);
    await settle();
    expect(secondClicks).toEqual({ 'choice:a': 1, 'choice:b': 0 });
    const firstClicks = wake(first);
    await settle();
    expect(firstClicks).toEqual({ 'choice:a': 1, 'choice:b': 1 });
    expect(order).toEqual(['q2 choice:a', 'q1 choice:b', 'q1 choice:a']);
  });

  it('the stand-in woke on pointer down and the click landed beside the control: replayed once', async () => {
    const frame = standInFrame();
    pointer('pointerdown', frame.querySelector('[data-press="choice:b"]')!);
    const clicks = wake(frame);
    pointer('pointerup', frame);
    frame.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await settle();
    expect(clicks).toEqual({ 'choice:a': 0, 'choice:b': 1 });
  });

  it('the click of the press reached the woken control itself: not replayed (a checkbox is not ticked twice)', async () => {
    const frame = standInFrame();
    pointer('pointerdown', frame.querySelector('[data-press="choice:a"]')!);
    const clicks = wake(frame);
    pointer('pointerup', control(frame, 'choice:a'));
    control(frame, 'choice:a').click();
    await settle();
    expect(clicks).toEqual({ 'choice:a': 1, 'choice:b': 0 });
  });

  it('no click came after the pointer went up on the woken element: replayed once', async () => {
    const frame = standInFrame();
    pointer('pointerdown', frame.querySelector('[data-press="choice:a"]')!);
    const clicks = wake(frame);
    pointer('pointerup', frame);
    await settle();
    await settle();
    expect(clicks).toEqual({ 'choice:a': 1, 'choice:b': 0 });
  });

  it('a cancelled pointer (a touch that scrolled) and a press beside the parts are not replayed', async () => {
    const frame = standInFrame();
    pointer('pointerdown', frame.querySelector('[data-press="choice:a"]')!);
    pointer('pointercancel', frame);
    press(frame.querySelector('[data-dormant] > div')!);
    await settle();
    const clicks = wake(frame);
    await settle();
    expect(clicks).toEqual({ 'choice:a': 0, 'choice:b': 0 });
  });

  it('goes to its own element, not to a nested element with a control of the same key', async () => {
    const outer = standInFrame('outer');
    press(outer.querySelector('[data-press="choice:a"]')!);
    outer.replaceChildren();
    const nested = document.createElement('div');
    nested.id = 'inner';
    nested.setAttribute('data-model-name', 'ChoiceQuestion');
    outer.append(nested);
    const nestedClicks = wake(nested);
    await settle();
    expect(nestedClicks['choice:a']).toBe(0);
    const wrapper = document.createElement('div');
    outer.append(wrapper);
    const ownClicks = wake(wrapper);
    await settle();
    expect(ownClicks['choice:a']).toBe(1);
    expect(nestedClicks['choice:a']).toBe(0);
  });

  it('is dropped when its element has not woken within the limit', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout'] });
    const frame = standInFrame();
    press(frame.querySelector('[data-press="choice:a"]')!);
    vi.advanceTimersByTime(PRESS_REPLAY_LIMIT_MS + 1);
    const clicks = wake(frame);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    expect(clicks).toEqual({ 'choice:a': 0, 'choice:b': 0 });
  });
});

describe('a press on a link of a frame the server drew', () => {
  /** A chapter card's frame as the server draws it: a plain link with a relative address. */
  function linkFrame(): HTMLElement {
    document.body.insertAdjacentHTML('beforeend', `<div id="c1" data-model-name="Chapter" data-shell-element=""><a href="kapitel/"><h2>Kapitel</h2></a></div>`);
    return document.getElementById('c1')!;
  }
  /** The app's element in place of the frame: its link to the same address (written absolute, as the router does). */
  function replace(frame: HTMLElement): { clicks: number } {
    const counted = { clicks: 0 };
    const app = document.createElement('div');
    app.id = 'c1';
    app.setAttribute('data-model-name', 'Chapter');
    app.innerHTML = `<a href="${new URL('kapitel/', location.href).pathname}"><h2>Kapitel</h2></a><a href="/anderswo/">Anderswo</a>`;
    app.querySelectorAll('a').forEach((link) => link.addEventListener('click', (event) => {
      event.preventDefault();
      if (link.getAttribute('href') !== '/anderswo/') counted.clicks++;
    }));
    frame.replaceWith(app);
    return counted;
  }

  it('replaced between the press and the release: the app’s link to the same address is clicked, once', async () => {
    const frame = linkFrame();
    pointer('pointerdown', frame.querySelector('h2')!);
    const counted = replace(frame);
    pointer('pointerup', document.getElementById('c1')!);
    await settle();
    await settle();
    expect(counted.clicks).toBe(1);
  });

  it('not replaced: its own click follows it, nothing is replayed', async () => {
    const frame = linkFrame();
    const followed = vi.fn((event: Event) => event.preventDefault());
    frame.querySelector('a')!.addEventListener('click', followed);
    press(frame.querySelector('h2')!);
    await settle();
    const counted = replace(frame);
    await settle();
    expect(followed).toHaveBeenCalledTimes(1);
    expect(counted.clicks).toBe(0);
  });
});
