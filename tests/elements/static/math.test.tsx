// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderElement } from './renderElement';

describe('MathFormula', () => {
  it('says the formula is missing in English', () => {
    const { root } = renderElement({ id: 'm1', modelName: 'MathFormula', content: '' });
    expect(root.textContent).toBe('Mathematical formula is missing');
    expect(root.querySelector('.katex')).toBeNull();
  });

  it('says the formula is missing in German', () => {
    const { root } = renderElement({ id: 'm2', modelName: 'MathFormula', content: '   ' }, { lang: 'de' });
    expect(root.textContent).toBe('Die mathematische Formel fehlt');
  });

  it('renders LaTeX with KaTeX once the lazy chunk has loaded', async () => {
    const { root } = renderElement({ id: 'm3', modelName: 'MathFormula', content: 'a^2 + b^2 = c^2' });
    await waitFor(() => expect(root.querySelector('.katex-display')).not.toBeNull(), { timeout: 10_000 });
    expect(root.querySelector('annotation[encoding="application/x-tex"]')?.textContent).toBe('a^2 + b^2 = c^2');
    expect(root.querySelector('[role="group"]')?.getAttribute('aria-label')).toBe('Mathematical formula');
  });

  it('keeps \\href from producing javascript links (trust stays off)', async () => {
    const { root } = renderElement({ id: 'm4', modelName: 'MathFormula', content: '\\href{javascript:alert(1)}{x}' });
    await waitFor(() => expect(root.querySelector('.katex')).not.toBeNull(), { timeout: 10_000 });
    expect(root.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('imports KaTeX only dynamically', () => {
    const eager = readFileSync(resolve(import.meta.dirname, '../../../src/kinds/mathFormula/MathFormulaElement.tsx'), 'utf8');
    expect(eager).not.toMatch(/from ['"]katex/);
    expect(eager).toMatch(/lazyPart\(\s*\(\) => import\('\.\/KatexFormula'\)/);
  });
});
