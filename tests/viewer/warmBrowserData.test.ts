import { describe, expect, it } from 'vitest';
import { warmBrowserData } from '../../src/warmBrowserData';

/** A window whose timers only queue: each callback runs when the test says, as a task of its own. */
function fakeWindow({ language = 'de-CH', lang = 'de', storage }: { language?: string; lang?: string; storage?: () => Storage } = {}) {
  const queued: (() => void)[] = [];
  const read: (string | null)[] = [];
  const sessionStorage = { getItem: (key: string) => (read.push(key), null) } as unknown as Storage;
  const win = {
    navigator: { language } as Navigator,
    document: { documentElement: { lang } } as Document,
    setTimeout: ((callback: () => void) => queued.push(callback)) as unknown as Window['setTimeout'],
    get sessionStorage() {
      return storage ? storage() : sessionStorage;
    },
  };
  return { win, queued, read };
}

describe('warmBrowserData: the locale data and the session storage are loaded while the code travels', () => {
  it('does nothing in the task that calls it: each use is a task of its own', () => {
    const { win, queued, read } = fakeWindow();
    warmBrowserData(win);
    expect(read).toEqual([]);
    expect(queued).toHaveLength(3);
    for (const task of queued) task();
    expect(read).toHaveLength(1);
  });

  it('resolves once the last of its tasks has run', async () => {
    const { win, queued } = fakeWindow();
    let resolved = false;
    void warmBrowserData(win).then(() => (resolved = true));
    for (const task of queued.slice(0, -1)) task();
    await Promise.resolve();
    expect(resolved).toBe(false);
    queued.at(-1)!();
    await Promise.resolve();
    expect(resolved).toBe(true);
  });

  it('an odd language tag, a page without a language and blocked storage throw nothing', () => {
    const { win, queued } = fakeWindow({
      language: 'not a tag!',
      lang: '',
      storage: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    warmBrowserData(win);
    for (const task of queued) expect(task).not.toThrow();
  });
});
