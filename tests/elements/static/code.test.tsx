// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_NOTICE_MS } from '../../../model/constants';
import { codeLanguages } from '../../../src/kinds/code/codeLanguages';
import { Code } from '../../../model/elements';
import { renderElement } from './renderElement';

const source = 'function add(a, b) {\n  return a + b;\n}';

afterEach(() => vi.useRealTimers());

describe('Code', () => {
  it('highlights javascript by default, with a language label and 20 visible lines', async () => {
    const { root } = renderElement({ id: 'c1', modelName: 'Code', content: source });
    expect(root.textContent).toContain('JavaScript');
    const pre = root.querySelector('pre')!;
    expect(pre.textContent).toBe(source);
    expect(pre.style.fontSize).toBe('14px');
    expect(pre.style.maxHeight).toBe(`${20 * 21 + 32}px`);
    expect(pre.getAttribute('tabindex')).toBe('0');
    await waitFor(() => expect(root.querySelector('.hljs-keyword')).not.toBeNull(), { timeout: 10_000 });
    expect(root.querySelector('.hljs-keyword')?.textContent).toBe('function');
    expect(pre.textContent).toBe(source);
  });

  it('escapes code instead of running it', async () => {
    const { root } = renderElement({ id: 'c2', modelName: 'Code', mode: 'html', content: '<script>alert(1)</script><img src=x onerror=alert(2)>' });
    await waitFor(() => expect(root.querySelector('[data-state="highlighted"]')).not.toBeNull(), { timeout: 10_000 });
    expect(root.querySelector('script, img')).toBeNull();
    expect(root.querySelector('pre')?.textContent).toBe('<script>alert(1)</script><img src=x onerror=alert(2)>');
  });

  it('registers a language with its first highlight, with the languages it embeds', async () => {
    vi.resetModules();
    const { highlight } = await import('../../../src/kinds/code/HighlightedCode');
    const html = highlight('<style>p { color: red; }</style><script>let x = 1;</script>', 'xml');
    expect(html).toContain('<span class="hljs-attribute">color</span>');
    expect(html).toContain('<span class="hljs-keyword">let</span>');
    expect(highlight('FROM node\nRUN echo hi', 'dockerfile')).toContain('<span class="hljs-built_in">echo</span>');
    expect(highlight('x', 'no-such-language')).toBe('x');
  });

  it('maps every language of the spec to a highlight.js language registered in the lazy chunk', () => {
    const lazyChunk = readFileSync(resolve(import.meta.dirname, '../../../src/kinds/code/HighlightedCode.tsx'), 'utf8');
    expect(Object.keys(codeLanguages).sort()).toEqual([...Code.shape.mode.unwrap().options].sort());
    for (const { hljs } of Object.values(codeLanguages)) expect(lazyChunk).toContain(`highlight.js/lib/languages/${hljs}'`);
    const eager = readFileSync(resolve(import.meta.dirname, '../../../src/kinds/code/CodeElement.tsx'), 'utf8');
    expect(eager).not.toMatch(/from ['"]highlight\.js/);
  });

  it('labels plain text in the learner language', () => {
    expect(renderElement({ id: 'c3', modelName: 'Code', mode: 'text', content: 'x' }).root.textContent).toContain('Plain text');
    expect(renderElement({ id: 'c4', modelName: 'Code', mode: 'c_cpp', content: 'int x;' }).root.textContent).toContain('C/C++');
  });

  it('copies the code and says so for 2000 ms', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { root, getByRole } = renderElement({ id: 'c5', modelName: 'Code', content: source }, { lang: 'de' });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(getByRole('button', { name: 'Code kopieren' }));
    });
    expect(writeText).toHaveBeenCalledWith(source);
    const status = root.querySelector('[role="status"]')!;
    expect(status.textContent).toBe('In die Zwischenablage kopiert');
    act(() => vi.advanceTimersByTime(COPY_NOTICE_MS - 1));
    expect(status.textContent).toBe('In die Zwischenablage kopiert');
    act(() => vi.advanceTimersByTime(1));
    expect(status.textContent).toBe('');
  });

  it('says "Copied to clipboard" in English', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.resolve() }, configurable: true });
    const { root, getByRole } = renderElement({ id: 'c6', modelName: 'Code', content: source });
    await act(async () => {
      fireEvent.click(getByRole('button', { name: 'Copy code' }));
    });
    expect(root.querySelector('[role="status"]')?.textContent).toBe('Copied to clipboard');
  });
});
