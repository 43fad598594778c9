// @vitest-environment jsdom
import { act, render, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { expect, it, vi } from 'vitest';
import HighlightedCode from '../../../src/kinds/code/HighlightedCode';

/*
 * The highlighting replaces the plain text in place. Its markup goes through SafeHtml, whose sanitiser is a
 * chunk of its own. Had the swap come before that chunk and suspended on it, the code would give way to the
 * element's loading placeholder and the page below would jump twice (in Chromium under load: a copy button
 * just tabbed to was pushed out of the window). Here the chunk arrives when the test lets it.
 */
const arrival = vi.hoisted(() => ({ release: () => {} }));
vi.mock('../../../paint/SafeHtml', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../paint/SafeHtml')>();
  const released = new Promise<void>((resolve) => (arrival.release = resolve));
  return { ...original, loadSanitizer: () => released.then(() => original.loadSanitizer()) };
});

it('keeps the plain text on screen until its sanitiser is there, then highlights it without a placeholder between', async () => {
  const source = 'const answer = 42;';
  const { container } = render(
    <Suspense fallback={<i data-pending="" />}>
      <code>
        <HighlightedCode code={source} language="javascript" />
      </code>
    </Suspense>,
  );
  const seen: string[] = [];
  const observer = new MutationObserver(() => seen.push(container.querySelector('[data-pending]') ? 'placeholder' : (container.textContent ?? '')));
  observer.observe(container, { childList: true, subtree: true, characterData: true, attributes: true });
  // Idle time comes and goes (highlight.js is ready at once); the sanitiser is still on its way.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(container.querySelector('[data-state="highlighted"]')).toBeNull();
  expect(container.textContent).toBe(source);
  act(() => arrival.release());
  await waitFor(() => expect(container.querySelector('[data-state="highlighted"]')).not.toBeNull(), { timeout: 10_000 });
  observer.disconnect();
  expect(container.querySelector('.hljs-keyword')?.textContent).toBe('const');
  expect(seen.filter((text) => text !== source)).toEqual([]);
});
