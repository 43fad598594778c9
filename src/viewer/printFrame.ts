import { PRINT_FRAME_REMOVAL_MS } from '../../model/constants';

/** Longest wait for the copy's stylesheets and images before printing anyway. */
const RESOURCES_WAIT_MS = 5000;

/** Typed answers live in the controls' properties, not in their markup: the copy gets them as attributes. */
function withCurrentValues(original: Element): Element {
  const copy = original.cloneNode(true) as Element;
  const from = original.querySelectorAll('input, textarea, select');
  const to = copy.querySelectorAll('input, textarea, select');
  from.forEach((control, i) => {
    const target = to[i];
    if (control instanceof HTMLTextAreaElement) target.textContent = control.value;
    else if (control instanceof HTMLSelectElement) target.querySelectorAll('option').forEach((option, o) => option.toggleAttribute('selected', control.options[o]?.selected ?? false));
    else if (control instanceof HTMLInputElement) {
      if (control.type === 'checkbox' || control.type === 'radio') target.toggleAttribute('checked', control.checked);
      else target.setAttribute('value', control.value);
    }
  });
  // A frame of no size never scrolls a lazy image into view.
  copy.querySelectorAll('img[loading="lazy"]').forEach((image) => image.setAttribute('loading', 'eager'));
  return copy;
}

/** Once the stylesheets and images of the frame's document have loaded (or failed), at most RESOURCES_WAIT_MS. */
function resourcesLoaded(frameDoc: Document): Promise<unknown> {
  const pending = [...frameDoc.querySelectorAll('link[rel="stylesheet"], img')]
    .filter((node) => !(node instanceof HTMLImageElement && node.complete))
    .map((node) => new Promise((resolve) => ['load', 'error'].forEach((type) => node.addEventListener(type, resolve, { once: true }))));
  return Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, RESOURCES_WAIT_MS))]);
}

/**
 * Prints a copy of `content` with the page's stylesheets (print variants such as `print:hidden` come with
 * them) from a hidden frame, the print frame, so the page stays as it is; the frame is removed
 * PRINT_FRAME_REMOVAL_MS after printing (spec section 9). Resolves once the frame is gone.
 */
export async function printInFrame(content: Element, title: string, doc: Document = document): Promise<void> {
  const frame = doc.createElement('iframe');
  frame.title = title;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  frame.dataset.testid = 'print-frame';
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;';
  doc.body.append(frame);
  // The frame's first document (about:blank, same origin) is there at once: the copy is built into it.
  const frameDoc = frame.contentDocument as Document;
  const view = frame.contentWindow as Window;
  frameDoc.documentElement.lang = doc.documentElement.lang;
  frameDoc.title = title;
  for (const style of doc.head.querySelectorAll('link[rel="stylesheet"], style')) frameDoc.head.append(frameDoc.importNode(style, true));
  frameDoc.body.append(frameDoc.importNode(withCurrentValues(content), true));
  await resourcesLoaded(frameDoc);
  await new Promise<void>((resolve) => {
    let printed = false;
    const removeLater = () => {
      if (printed) return;
      printed = true;
      setTimeout(() => {
        frame.remove();
        resolve();
      }, PRINT_FRAME_REMOVAL_MS);
    };
    const tellsAfterPrint = 'onafterprint' in view;
    if (tellsAfterPrint) view.addEventListener('afterprint', removeLater);
    view.focus();
    view.print();
    // A browser without afterprint: print() returns once the dialog has closed.
    if (!tellsAfterPrint) removeLater();
  });
}
