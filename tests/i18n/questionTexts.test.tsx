// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nProvider, useTranslation } from '../../i18n/react';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { lazyNamespaces, loadedQuestionTexts, loadQuestionTexts } from '../../i18n/questionTexts';
import { expectVisible } from '../support/visible';

/** Every text this rendered, in order: a key showing up even once would be a flash of untranslated text. */
const shown: string[] = [];
function EvaluateButton() {
  const { t } = useTranslation('questions');
  shown.push(t('evaluate'));
  return <button type="button">{t('evaluate')}</button>;
}

// The cases build on each other: the first runs before the namespace chunk is loaded, the others after.
describe('the questions namespace, a lazy chunk', () => {
  it('is not part of the first-paint texts: a component using it waits in Suspense, then shows the text, never the key', async () => {
    expect(loadedQuestionTexts()).toBeUndefined();
    const i18n = createI18n('en');
    expect(i18n.hasResourceBundle('en', 'viewer')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'questions')).toBe(false);

    render(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<p>loading</p>}>
          <EvaluateButton />
        </Suspense>
      </I18nProvider>,
    );
    expectVisible(screen.getByText('loading'));
    expectVisible(await screen.findByRole('button', { name: 'Evaluate' }));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((text) => text === 'Evaluate')).toBe(true);

    // The language switch of the root route reads the other language's texts too.
    await act(() => i18n.changeLanguage('de'));
    expectVisible(screen.getByRole('button', { name: 'Auswerten' }));
  });

  it('once loaded, a new instance starts with it: the first render is already translated', async () => {
    await loadQuestionTexts();
    const i18n = createI18n('de');
    expect(i18n.t('questions:evaluate')).toBe('Auswerten');
    render(
      <I18nProvider i18n={i18n}>
        <EvaluateButton />
      </I18nProvider>,
    );
    expectVisible(screen.getByRole('button', { name: 'Auswerten' }));
  });

  it('the backend reads no namespace but questions', () => {
    const results: [unknown, unknown][] = [];
    lazyNamespaces.read('de', 'inspect', (error, data) => void results.push([error, data]));
    lazyNamespaces.read('en', 'questions', (error, data) => void results.push([error, data]));
    expect(results[0][0]).toEqual(new Error('No texts for the namespace inspect'));
    expect(results[1]).toEqual([null, expect.objectContaining({ evaluate: 'Evaluate' })]);
  });
});
