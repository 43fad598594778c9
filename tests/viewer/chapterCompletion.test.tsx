// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadQuestionTexts } from '../../i18n/questionTexts';
import { Material } from '../../model/material';
import { renderMaterialPage } from '../support/materialPage';

/*
 * A chapter whose evaluationType is selfCompletion ends with the Complete toggle: the learner's only
 * way to complete it (spec sections 3 and 4), counted in the material's progress.
 */

const text = (id: string) => ({ id, modelName: 'Text', content: { html: `<p>Absatz ${id}</p>` } });
const chapter = (publicId: string, fields: object) => ({ id: `c-${publicId}`, modelName: 'Chapter', publicId, title: `Kapitel ${publicId}`, content: [text(`t-${publicId}`)], ...fields });

const material = Material.parse({
  modelName: 'Material', id: 'm', publicId: 'm', title: 'Selbst abschließen',
  content: [
    chapter('lesen', { evaluationType: 'selfCompletion' }),
    chapter('zusammen', {}),
    { id: 'p', modelName: 'Path', title: 'Weg', content: [chapter('schritt', { evaluationType: 'selfCompletion', pathEvaluationType: 'selfCompletion' })] },
  ],
});

// The toggle's code and texts are there before the pages render, so a page without it is not just one still loading it.
beforeAll(() => Promise.all([import('../../src/viewer/ChapterCompletion'), loadQuestionTexts()]));
beforeEach(() => localStorage.clear());
afterEach(cleanup);

const courseProgress = () => screen.getByRole('progressbar', { name: /Fortschritt im Kurs/ }).getAttribute('aria-valuenow');

describe('a selfCompletion chapter', () => {
  it('ends with Complete; pressed it completes the chapter and counts in the course, pressed again it takes that back', async () => {
    renderMaterialPage(material, '', { segments: ['lesen'] });
    const toggle = await screen.findByRole('button', { name: 'Abschließen' }, { timeout: 10_000 });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    const before = Number(courseProgress());
    const user = userEvent.setup();
    await user.click(toggle);
    const done = screen.getByRole('button', { name: 'Abgeschlossen' });
    expect(done.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(Number(courseProgress())).toBeGreaterThan(before));
    await user.click(done);
    expect(screen.getByRole('button', { name: 'Abschließen' }).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(Number(courseProgress())).toBe(before));
  });

  it('no toggle on a composite chapter, nor on a path’s step (its path has the toggle)', async () => {
    for (const segments of [['zusammen'], ['schritt']]) {
      renderMaterialPage(material, '', { segments });
      await screen.findByRole('heading', { level: 1, name: `Kapitel ${segments[0]}` });
      // The lazy part (loaded above) has had its chance to render.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(document.querySelector('[data-chapter-completion]')).toBeNull();
      cleanup();
    }
  });
});
