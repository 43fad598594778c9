// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../src/i18n';
import { I18nProvider } from '../../src/i18n/react';
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
});
