import { expect } from 'vitest';

/**
 * Asserts that the learner is shown `element`, assistive technology included: it is in the document, and neither it nor an ancestor
 * is hidden (`hidden`, `inert`, `aria-hidden="true"`, computed `display: none`), nor is it
 * `visibility: hidden`. A Testing Library query already throws when nothing matches; this says that
 * the match is on screen, which the query alone does not (`getByText` finds hidden text too).
 */
export function expectVisible(element: Element): void {
  expect(element.isConnected, 'in the document').toBe(true);
  const view = element.ownerDocument.defaultView!;
  expect(view.getComputedStyle(element).visibility, 'visibility').not.toBe('hidden');
  for (let node: Element | null = element; node; node = node.parentElement) {
    const name = node.tagName.toLowerCase();
    expect(node.hasAttribute('hidden'), `${name} has no hidden attribute`).toBe(false);
    expect(node.hasAttribute('inert'), `${name} is not inert`).toBe(false);
    expect(node.getAttribute('aria-hidden'), `${name} is not aria-hidden`).not.toBe('true');
    expect(view.getComputedStyle(node).display, `${name} display`).not.toBe('none');
  }
}
