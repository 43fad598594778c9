import type { BrowserContext, Page } from '@playwright/test';

/*
 * What the XSS suite watches in the browser. Executions: calls of alert, confirm, prompt, print and
 * `__xss` (replaced before any page script runs, in every frame and popup) and dialogs. CSP refusals:
 * `securitypolicyviolation` events. Leftovers: what the sanitiser should have removed and is still in
 * the page. The functions handed to `page.evaluate` run in the browser and use nothing from here.
 */

export interface XssTally {
  executions: string[];
  cspRefusals: string[];
  serverErrors: string[];
}

/** In every new document: counting traps in place of the dialog functions and `__xss`, and a CSP listener. */
function installTraps() {
  const report = (kind: string, detail: unknown) => {
    const binding = (window as unknown as { __xssReport?: (kind: string, detail: string) => void }).__xssReport;
    try {
      binding?.(kind, String(detail).slice(0, 200));
    } catch {
      // a frame the binding does not reach: the dialog listener still counts alert, confirm and prompt
    }
  };
  const traps: [string, unknown][] = [['alert', undefined], ['confirm', false], ['prompt', null], ['print', undefined], ['__xss', undefined]];
  for (const [name, answer] of traps) {
    Object.defineProperty(window, name, {
      value: (detail?: unknown) => {
        report(name, detail);
        return answer;
      },
      writable: false,
      configurable: false,
    });
  }
  document.addEventListener('securitypolicyviolation', (event) => report('csp', `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} ${event.sample}`), true);
}

/** Counts executions, CSP refusals and 5xx answers in every page of `context` from now on. */
export async function watchForXss(context: BrowserContext, tally: XssTally): Promise<void> {
  await context.exposeBinding('__xssReport', (_source, kind: string, detail: string) => {
    if (kind === 'csp') tally.cspRefusals.push(detail);
    else tally.executions.push(`${kind}(${detail})`);
  });
  await context.addInitScript(installTraps);
  const watchDialogs = (page: Page) =>
    page.on('dialog', (dialog) => {
      tally.executions.push(`dialog ${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss().catch(() => undefined);
    });
  context.pages().forEach(watchDialogs);
  context.on('page', watchDialogs);
  context.on('response', (response) => {
    if (response.status() >= 500) tally.serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
}

export interface Scan {
  /** Each a description: the field's slot (or the element's id) and the element. */
  leftovers: string[];
  /** The slots (xssCollection.ts) whose fields are in the page. */
  slots: number[];
}

/**
 * The page's leftovers: any script, frame, object, embed, applet, portal, base, meta, link or style;
 * any `on…` attribute or `srcdoc`; any url attribute (href, src, action, formaction, xlink:href, data,
 * srcset, animation values …) that starts with javascript:, vbscript: or a data: document. Exempt: the
 * iframe an embed, link or external-resource element makes itself, with an http(s) src. With
 * `servedHtml`, the page as the server sent it instead (the first paint of a material share, #shell).
 */
export function scanPage(page: Page, servedHtml?: string): Promise<Scan> {
  return page.evaluate((html) => {
    // The page as it is now, or (given its html) the page as served, parsed without running anything.
    const doc = html === undefined ? document : new DOMParser().parseFromString(html, 'text/html');
    const NOISE = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;
    const RUNNABLE = /^((javascript|vbscript|livescript):|data:(text\/html|application\/xhtml|image\/svg|text\/xml|application\/xml))/i;
    const TAGS = new Set(['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'base', 'meta', 'link', 'style']);
    const URL_ATTRIBUTES = new Set([
      'href', 'src', 'action', 'formaction', 'data', 'poster', 'background', 'srcset', 'values', 'to', 'from', 'by',
      'codebase', 'classid', 'archive', 'dynsrc', 'lowsrc', 'longdesc', 'cite', 'ping', 'manifest', 'icon',
    ]);
    const FRAMING_ELEMENTS = new Set(['HtmlElement', 'Link', 'IFrame']);
    // As the browser reads the url (control characters and tabs dropped, entities decoded already).
    const runnableUrl = (url: string) => {
      try {
        const parsed = new URL(url.trim(), document.baseURI);
        return RUNNABLE.test(`${parsed.protocol}${parsed.pathname}`);
      } catch {
        return RUNNABLE.test(url.replace(NOISE, ''));
      }
    };
    const runnable = (name: string, value: string) =>
      name === 'srcset'
        ? value.split(',').some((candidate) => runnableUrl(candidate.trim().split(/\s+/)[0] ?? ''))
        : value.split(name === 'values' ? ';' : /$^/).some(runnableUrl);
    const slotOf = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const marker = node.querySelector(':scope > [data-xss-slot]');
        if (marker) return `slot ${marker.getAttribute('data-xss-slot')}`;
      }
      return element.closest('[id]')?.id ?? 'page';
    };
    const ownFrame = (element: Element) => {
      const host = element.closest('[data-model-name]')?.getAttribute('data-model-name') ?? '';
      return element.localName === 'iframe' && FRAMING_ELEMENTS.has(host) && !element.hasAttribute('srcdoc') && /^(https?:)?\/\//i.test(element.getAttribute('src') ?? '');
    };
    const describe = (element: Element) => {
      const attributes = [...element.attributes].map((a) => `${a.name}="${a.value}"`).join(' ');
      return `${slotOf(element)}: <${element.localName}${attributes ? ` ${attributes}` : ''}>`.slice(0, 300);
    };

    const roots = [...doc.body.children].filter((child) => child.localName !== 'script');
    const leftovers: string[] = [];
    for (const element of roots.flatMap((root) => [root, ...root.querySelectorAll('*')])) {
      const bad =
        (TAGS.has(element.localName) && !ownFrame(element)) ||
        [...element.attributes].some((a) => {
          const name = a.localName.toLowerCase();
          return name.startsWith('on') || name === 'srcdoc' || (URL_ATTRIBUTES.has(name) && runnable(name, a.value));
        });
      if (bad) leftovers.push(describe(element));
    }
    const slots = [...doc.querySelectorAll('[data-xss-slot]')].map((marker) => Number(marker.getAttribute('data-xss-slot')));
    return { leftovers, slots };
  }, servedHtml);
}

/**
 * Gives event-handler payloads their chance in every html field inside `scope`: each element left
 * there gets the events of mouse, pointer, focus, keyboard, drag, media, animation and toggle
 * (dispatched to it alone, not bubbling into the viewer), is focused, and details open. Answers the
 * number of clickable things (links, areas, summaries, labels, focusable elements) it tagged with
 * `data-xss-probe` for real clicks; not those inside a link or button of the viewer (a chapter card),
 * whose click would leave the page.
 * A click guard stops links to safe places from navigating; links to runnable urls still run.
 */
export function sweepContent(page: Page, scope = 'body'): Promise<number> {
  return page.evaluate((scopeSelector) => {
    const EVENTS = [
      'mouseover', 'mouseenter', 'mousemove', 'mousedown', 'mouseup', 'mouseout', 'mouseleave', 'click', 'dblclick', 'auxclick', 'contextmenu',
      'pointerover', 'pointerenter', 'pointerdown', 'pointerup', 'pointermove', 'focus', 'focusin', 'blur', 'focusout',
      'keydown', 'keypress', 'keyup', 'input', 'change', 'select', 'submit', 'reset', 'invalid', 'copy', 'cut', 'paste', 'wheel', 'scroll',
      'drag', 'dragstart', 'dragend', 'dragenter', 'dragover', 'drop', 'touchstart', 'touchend',
      'load', 'error', 'abort', 'loadstart', 'canplay', 'play', 'playing', 'ended', 'begin', 'end', 'repeat',
      'animationstart', 'animationend', 'animationiteration', 'transitionstart', 'transitionend', 'toggle', 'beforetoggle', 'start', 'finish', 'show',
    ];
    const NOISE = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;
    const guarded = window as unknown as { __xssClickGuard?: boolean };
    if (!guarded.__xssClickGuard) {
      guarded.__xssClickGuard = true;
      window.addEventListener('click', (event) => {
        const link = (event.target as Element | null)?.closest?.('a[href], area[href]');
        const href = (link?.getAttribute('href') ?? '').replace(NOISE, '');
        if (link && !/^(javascript|vbscript|livescript|data):/i.test(href)) event.preventDefault();
      });
    }
    for (const old of document.querySelectorAll('[data-xss-probe]')) old.removeAttribute('data-xss-probe');
    const root = document.querySelector(scopeSelector);
    const containers = [...(root?.querySelectorAll('[data-xss-slot]') ?? [])].map((marker) => marker.parentElement!);
    let tagged = 0;
    for (const container of new Set(containers)) {
      const insideControl = container.closest('a, button') !== null;
      for (const element of container.querySelectorAll('*')) {
        if (element.hasAttribute('data-xss-slot')) continue;
        for (const type of EVENTS) element.dispatchEvent(new Event(type, { bubbles: false, cancelable: true }));
        if (element instanceof HTMLDetailsElement) element.open = true;
        (element as HTMLElement).focus?.({ preventScroll: true });
        if (!insideControl && element.matches('a[href], area[href], summary, label, [tabindex]')) element.setAttribute('data-xss-probe', String(tagged++));
      }
    }
    (document.activeElement as HTMLElement | null)?.blur?.();
    return tagged;
  }, scope);
}

/** Real clicks (mouse moved there, pressed, released) on what `sweepContent` tagged; answers how many it clicked. */
export async function clickTagged(page: Page, count: number): Promise<number> {
  let clicked = 0;
  for (let i = 0; i < count; i++) {
    const target = page.locator(`[data-xss-probe="${i}"]`);
    const done = await target.click({ force: true, timeout: 1000, noWaitAfter: true }).then(
      () => true,
      // no box to click (empty, hidden): a script click still runs its handlers and its link
      () => target.evaluate((element) => (element as HTMLElement).click?.()).then(() => true, () => false),
    );
    if (done) clicked++;
  }
  return clicked;
}
