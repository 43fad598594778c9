// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { I18nProvider } from '../../i18n/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CertificateNameForm, type CertificateName } from '../../src/certificate/NameForm';
import { createI18n } from '../../i18n';
import { loadQuestionTexts } from '../../i18n/questionTexts';

// The form's texts are the lazy `questions` namespace (the certificate chunk loads it); load it once so renders are synchronous.
beforeAll(() => loadQuestionTexts());

const texts = {
  en: { firstName: 'First name', lastName: 'Last name', firstPlaceholder: 'Firstname', lastPlaceholder: 'Lastname', required: 'Required', download: 'Download certificate' },
  de: { firstName: 'Vorname', lastName: 'Nachname', firstPlaceholder: 'Vorname', lastPlaceholder: 'Nachname', required: 'Pflichtfeld', download: 'Zertifikat herunterladen' },
};

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true';

function renderForm(lang: 'de' | 'en', onSubmit: (name: CertificateName) => void) {
  const user = userEvent.setup({ delay: null });
  render(
    <StrictMode>
      <I18nProvider i18n={createI18n(lang)}>
        <CertificateNameForm onSubmit={onSubmit} />
      </I18nProvider>
    </StrictMode>,
  );
  const text = texts[lang];
  const first = screen.getByRole('textbox', { name: text.firstName }) as HTMLInputElement;
  const last = screen.getByRole('textbox', { name: text.lastName }) as HTMLInputElement;
  const submit = screen.getByRole('button', { name: text.download });
  const errors = () => screen.queryAllByText(text.required);
  return { user, first, last, submit, errors, text };
}

describe.each(['en', 'de'] as const)('certificate name form (%s)', (lang) => {
  it('has the placeholders of the spec and shows no error before a first submit', async () => {
    const { user, first, last, submit, errors, text } = renderForm(lang, vi.fn());
    expect(first.placeholder).toBe(text.firstPlaceholder);
    expect(last.placeholder).toBe(text.lastPlaceholder);
    await user.type(first, 'A');
    await user.clear(first);
    expect(errors()).toEqual([]);
    expect(first.getAttribute('aria-invalid')).toBeNull();
    expect(isDisabled(submit)).toBe(false);
  });

  it('after an empty submit both fields say they are required and the button waits until both are filled', async () => {
    const onSubmit = vi.fn();
    const { user, first, last, submit, errors } = renderForm(lang, onSubmit);
    await user.click(submit);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(errors()).toHaveLength(2);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(isDisabled(submit)).toBe(true);

    await user.type(first, 'Jürgen');
    expect(errors()).toHaveLength(1);
    expect(first.getAttribute('aria-invalid')).toBeNull();
    expect(last.getAttribute('aria-invalid')).toBe('true');
    expect(isDisabled(submit)).toBe(true);

    await user.type(last, '   ');
    expect(isDisabled(submit)).toBe(true);
    await user.type(last, 'Weiß');
    expect(errors()).toEqual([]);
    expect(isDisabled(submit)).toBe(false);
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ firstName: 'Jürgen', lastName: 'Weiß' });
  });

  it('is cleared after a submit, without errors, ready for the next name', async () => {
    const onSubmit = vi.fn();
    const { user, first, last, submit, errors } = renderForm(lang, onSubmit);
    await user.type(first, '  Ada ');
    await user.type(last, 'Muster{Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ firstName: 'Ada', lastName: 'Muster' });
    expect(first.value).toBe('');
    expect(last.value).toBe('');
    expect(errors()).toEqual([]);
    expect(isDisabled(submit)).toBe(false);
    await user.click(submit);
    expect(errors()).toHaveLength(2);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
