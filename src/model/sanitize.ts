import DOMPurify from 'dompurify';

/*
 * Sanitising of content html (spec section 5). Works in the browser and, given a window
 * (see server/sanitizeWindow.ts), in Node. PLACEHOLDER: the content-elements work completes
 * the link rules; the signature stays.
 */
let purifier: ReturnType<typeof DOMPurify> | null = null;

export function useSanitizerWindow(window: unknown): void {
  purifier = DOMPurify(window as never);
}

export function sanitizeHtml(html: string): string {
  if (!purifier) purifier = DOMPurify(globalThis.window as never);
  return purifier.sanitize(html);
}
