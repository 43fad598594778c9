// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n';
import { I18nProvider } from '../../i18n/react';
import { offerUpdate } from '../../src/offline/updatePrompt';
import { Toasts } from '../../src/ui/Toasts';
import { currentToastQueue } from '../../src/ui/toasts';

describe('the prompt when a new build is deployed', () => {
  it('a toast that says so in German (du), stays, and whose Reload button reloads once and closes it', async () => {
    const i18n = createI18n('de');
    render(
      <I18nProvider i18n={i18n}>
        <Toasts />
      </I18nProvider>,
    );
    const reload = vi.fn();
    act(() => offerUpdate(reload));
    const toast = await screen.findByTestId('toast', undefined, { timeout: 5000 });
    expect(toast.textContent).toContain('Neue Version verfügbar');
    expect(toast.textContent).toContain('Lade die Seite neu, um sie zu nutzen. Deine Änderungen bleiben erhalten.');
    expect(toast.textContent).not.toMatch(/\bSie\b|offline:/);
    // No timeout: it waits for the learner.
    expect(currentToastQueue()?.visibleToasts[0]?.timeout).toBeUndefined();

    // English, as the language switch changes it.
    await act(() => i18n.changeLanguage('en'));
    expect(toast.textContent).toContain('A new version is available');
    expect(toast.textContent).toContain('Reload the page to use it. Your changes are kept.');

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(currentToastQueue()?.visibleToasts).toHaveLength(0);
  });
});
