/**
 * Vitest setup file (vite.config.ts `test.setupFiles`), run before every test file.
 *
 * Node-environment tests (machines, model, server) get nothing from here. Tests that opt into jsdom
 * (`// @vitest-environment jsdom`) get the browser APIs jsdom lacks, each installed only when missing,
 * plus Testing Library's cleanup after every test (vitest runs without globals, so it is not automatic).
 *
 * `IntersectionObserver` is a controllable double: `IntersectionObserverDouble.instances` lists the live
 * observers and `observer.simulate(target, isIntersecting)` delivers an entry to its callback.
 */
import { afterEach } from 'vitest';
import { registerKindMachines } from '../scripts/statecharts/kindMachines';

// The viewer spawns from the kinds' charts; in the app each comes with its view's chunk (src/elements/registry.ts). Only
// the browser tests render it: node tests that run the viewer's chart register them themselves.
if (typeof window !== 'undefined') await registerKindMachines();

type Listener = (event: MediaQueryListEvent) => void;

/** Serialises a string as a CSS identifier (CSSOM `CSS.escape` algorithm). */
export function cssEscape(value: string): string {
  const text = String(value);
  let result = '';
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const char = text.charAt(index);
    if (code === 0) {
      result += '\uFFFD';
    } else if (
      (code >= 0x01 && code <= 0x1f) ||
      code === 0x7f ||
      (index === 0 && code >= 0x30 && code <= 0x39) ||
      (index === 1 && code >= 0x30 && code <= 0x39 && text.charCodeAt(0) === 0x2d)
    ) {
      result += `\\${code.toString(16)} `;
    } else if (index === 0 && text.length === 1 && code === 0x2d) {
      result += `\\${char}`;
    } else if (
      code >= 0x80 ||
      code === 0x2d ||
      code === 0x5f ||
      (code >= 0x30 && code <= 0x39) ||
      (code >= 0x41 && code <= 0x5a) ||
      (code >= 0x61 && code <= 0x7a)
    ) {
      result += char;
    } else {
      result += `\\${char}`;
    }
  }
  return result;
}

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

/** IntersectionObserver for jsdom: records what it observes; tests deliver entries with `simulate`. */
export class IntersectionObserverDouble implements IntersectionObserver {
  static readonly instances = new Set<IntersectionObserverDouble>();
  readonly root: Element | Document | null;
  readonly rootMargin: string;
  readonly thresholds: ReadonlyArray<number>;
  readonly scrollMargin = '0px';
  readonly delay = 0;
  readonly trackVisibility = false;
  readonly targets = new Set<Element>();
  private readonly callback: IntersectionObserverCallback;

  constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
    this.callback = callback;
    this.root = options.root ?? null;
    this.rootMargin = options.rootMargin ?? '0px';
    const threshold = options.threshold ?? 0;
    this.thresholds = Array.isArray(threshold) ? threshold : [threshold];
    IntersectionObserverDouble.instances.add(this);
  }

  observe(target: Element): void {
    this.targets.add(target);
  }

  unobserve(target: Element): void {
    this.targets.delete(target);
  }

  disconnect(): void {
    this.targets.clear();
    IntersectionObserverDouble.instances.delete(this);
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Delivers one entry for `target` to the callback, as the browser would when it crosses the viewport. */
  simulate(target: Element, isIntersecting: boolean): void {
    if (!this.targets.has(target)) return;
    const rect = target.getBoundingClientRect();
    const entry: IntersectionObserverEntry = {
      target,
      isIntersecting,
      intersectionRatio: isIntersecting ? 1 : 0,
      boundingClientRect: rect,
      intersectionRect: rect,
      rootBounds: null,
      time: performance.now(),
    };
    this.callback([entry], this);
  }
}

function createMediaQueryList(query: string): MediaQueryList {
  const listeners = new Set<Listener>();
  const list: MediaQueryList = {
    matches: false,
    media: query,
    onchange: null,
    addListener: (listener: Listener | null) => {
      if (listener) listeners.add(listener);
    },
    removeListener: (listener: Listener | null) => {
      if (listener) listeners.delete(listener);
    },
    addEventListener: (_type: string, listener: EventListenerOrEventListenerObject | null) => {
      if (typeof listener === 'function') listeners.add(listener as Listener);
    },
    removeEventListener: (_type: string, listener: EventListenerOrEventListenerObject | null) => {
      if (typeof listener === 'function') listeners.delete(listener as Listener);
    },
    dispatchEvent: () => false,
  };
  return list;
}

function installBrowserPolyfills(): void {
  if (typeof CSS === 'undefined') {
    Object.defineProperty(globalThis, 'CSS', { value: { escape: cssEscape }, configurable: true, writable: true });
  } else if (typeof CSS.escape !== 'function') {
    Object.defineProperty(CSS, 'escape', { value: cssEscape, configurable: true, writable: true });
  }
  // jsdom defines scrollTo but only logs "Not implemented"; replace it with a silent no-op.
  window.scrollTo = () => {};
  if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => {};
  if (typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => {};
  if (typeof window.ResizeObserver === 'undefined') window.ResizeObserver = ResizeObserverStub;
  if (typeof window.IntersectionObserver === 'undefined') window.IntersectionObserver = IntersectionObserverDouble;
  if (typeof window.matchMedia !== 'function') window.matchMedia = createMediaQueryList;
}

if (typeof window !== 'undefined') {
  installBrowserPolyfills();
  // Before React DOM loads: the render-count tests read its commits (tests/support/renderRecorder.ts).
  (await import('./support/renderRecorder')).installRenderHook();
  // Components render html outside a server-content context in tests: SafeHtml sanitises it, with the sanitiser loaded up front.
  await (await import('../paint/SafeHtml')).loadSanitizer();
  // The English texts are a chunk of their own in the app (German is bundled): tests render in either language at once.
  await (await import('../i18n')).loadLanguage('en');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
  });
}
