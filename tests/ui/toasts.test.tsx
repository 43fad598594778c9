// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n';
import { I18nProvider } from '../../i18n/react';
import { Toasts } from '../../src/ui/Toasts';
import { currentToastQueue, showToast } from '../../src/ui/toasts';

describe('toasts', () => {
  it('the queue comes with the first toast, and the region shows it, translated', async () => {
    render(
      <I18nProvider i18n={createI18n('en')}>
        <Toasts />
      </I18nProvider>,
    );
    expect(currentToastQueue()).toBeNull();
    expect(screen.queryByTestId('toast')).toBeNull();

    act(() => showToast({ kind: 'error', title: 'toasts.conflictTitle', description: 'toasts.conflictMessage' }));
    const toast = await screen.findByTestId('toast', undefined, { timeout: 5000 });
    expect(toast.dataset.kind).toBe('error');
    expect(toast.textContent).toContain('Conflict');
    expect(currentToastQueue()?.visibleToasts).toHaveLength(1);

    // Once there, a toast shows at once.
    act(() => showToast({ kind: 'success', title: 'guest.save' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(2);
  });

  it('a toast with an action: its button (label translated) runs the action once and closes the toast', async () => {
    render(
      <I18nProvider i18n={createI18n('de')}>
        <Toasts />
      </I18nProvider>,
    );
    const onAction = vi.fn();
    act(() => showToast({ kind: 'default', title: 'toasts.genericTitle', action: { label: 'nav.back', onAction } }));
    // The page's one queue still holds the toasts of the test before (they stay until closed).
    const toast = await screen.findByText('Hoppla, da ist etwas schiefgelaufen!', undefined, { timeout: 5000 }).then((title) => title.closest<HTMLElement>('[data-testid="toast"]')!);
    const before = currentToastQueue()?.visibleToasts.length ?? 0;
    await userEvent.click(within(toast).getByRole('button', { name: 'Zurück' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(currentToastQueue()?.visibleToasts).toHaveLength(before - 1);
  });
});
