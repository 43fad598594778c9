// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRINT_FRAME_REMOVAL_MS } from '../../model/constants';
import { printInFrame } from '../../src/viewer/printFrame';

/** Calls `onFrame` with the print frame as soon as it is in the document (before it loads). */
function whenFrameAppears(onFrame: (frame: HTMLIFrameElement) => void) {
  const observer = new MutationObserver(() => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe[data-testid="print-frame"]');
    if (!frame) return;
    observer.disconnect();
    onFrame(frame);
  });
  observer.observe(document.body, { childList: true });
}

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

describe('the print frame (spec section 9: removed 100 ms after printing)', () => {
  it('prints a copy of the page with its styles and typed answers, and is removed 100 ms after printing', async () => {
    document.head.innerHTML = '<style>.x { color: red }</style>';
    document.body.innerHTML = '<div id="page"><h1>Wasser</h1><textarea>old</textarea><input type="checkbox"></div>';
    (document.querySelector('textarea') as HTMLTextAreaElement).value = 'Meine Antwort';
    (document.querySelector('input') as HTMLInputElement).checked = true;
    const seen: { body: string; head: string; title: string; printedAt: number }[] = [];
    let stillThereJustBefore = false;
    whenFrameAppears((frame) => {
      const view = frame.contentWindow as Window;
      view.print = () => {
        const frameDoc = frame.contentDocument as Document;
        seen.push({ body: frameDoc.body.innerHTML, head: frameDoc.head.innerHTML, title: frameDoc.title, printedAt: performance.now() });
        setTimeout(() => (stillThereJustBefore = frame.isConnected), PRINT_FRAME_REMOVAL_MS - 40);
        view.dispatchEvent(new Event('afterprint'));
      };
    });
    const page = document.getElementById('page') as Element;
    await printInFrame(page, 'Wasser im Alltag');
    const removedAt = performance.now();
    expect(seen).toHaveLength(1);
    expect(seen[0].title).toBe('Wasser im Alltag');
    expect(seen[0].head).toContain('.x { color: red }');
    expect(seen[0].body).toContain('<h1>Wasser</h1>');
    expect(seen[0].body).toContain('Meine Antwort');
    expect(seen[0].body).toMatch(/<input type="checkbox" checked/);
    expect(stillThereJustBefore).toBe(true);
    expect(removedAt - seen[0].printedAt).toBeGreaterThanOrEqual(PRINT_FRAME_REMOVAL_MS - 1);
    expect(document.querySelector('iframe')).toBeNull();
    // The page itself is untouched.
    expect(page.isConnected).toBe(true);
    expect((document.querySelector('textarea') as HTMLTextAreaElement).value).toBe('Meine Antwort');
  });

  it('removes the frame once, even when afterprint comes twice', async () => {
    document.body.innerHTML = '<div id="page">x</div>';
    const remove = vi.spyOn(HTMLIFrameElement.prototype, 'remove');
    whenFrameAppears((frame) => {
      const view = frame.contentWindow as Window;
      view.print = () => {
        view.dispatchEvent(new Event('afterprint'));
        view.dispatchEvent(new Event('afterprint'));
      };
    });
    await printInFrame(document.getElementById('page') as Element, 'x');
    await new Promise((resolve) => setTimeout(resolve, PRINT_FRAME_REMOVAL_MS + 20));
    expect(remove).toHaveBeenCalledTimes(1);
    remove.mockRestore();
  });
});
