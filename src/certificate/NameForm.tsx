import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { Button } from '../ui/Button';

/** The name a visitor without an account enters for the certificate. */
export type CertificateName = { firstName: string; lastName: string };

type NameFormProps = {
  onSubmit: (name: CertificateName) => void;
  /** A download is being prepared: the button waits. */
  isPending?: boolean;
};

const fieldClass = 'flex flex-1 flex-col gap-1';
const inputClass =
  'rounded-md border border-gray-300 bg-white px-3 py-2 text-sm outline-none focus-visible:border-primary-600 ' +
  'focus-visible:ring-2 focus-visible:ring-primary-600/30 data-invalid:border-red-600';

/**
 * First and last name for the certificate of a visitor without an account (spec section 5): both
 * required; errors show only after a first submit, the button stays disabled while a field is
 * invalid after that, and the form is cleared once it was submitted.
 */
export function CertificateNameForm({ onSubmit, isPending = false }: NameFormProps) {
  const { t } = useTranslation('questions');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [attempted, setAttempted] = useState(false);
  const missing = { firstName: firstName.trim() === '', lastName: lastName.trim() === '' };
  const invalid = missing.firstName || missing.lastName;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invalid) {
      setAttempted(true);
      return;
    }
    onSubmit({ firstName: firstName.trim(), lastName: lastName.trim() });
    setFirstName('');
    setLastName('');
    setAttempted(false);
  };

  return (
    <Form validationBehavior="aria" onSubmit={submit} className="flex w-full flex-col gap-3" aria-label={t('certificate.nameForm')}>
      <p className="text-sm text-gray-700">{t('certificate.nameHint')}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <TextField name="firstName" value={firstName} onChange={setFirstName} isRequired isInvalid={attempted && missing.firstName} className={fieldClass}>
          <Label className="text-sm font-medium">{t('certificate.firstName')}</Label>
          <Input placeholder={t('certificate.firstNamePlaceholder')} autoComplete="given-name" className={inputClass} />
          <FieldError className="text-sm text-red-700">{t('certificate.required')}</FieldError>
        </TextField>
        <TextField name="lastName" value={lastName} onChange={setLastName} isRequired isInvalid={attempted && missing.lastName} className={fieldClass}>
          <Label className="text-sm font-medium">{t('certificate.lastName')}</Label>
          <Input placeholder={t('certificate.lastNamePlaceholder')} autoComplete="family-name" className={inputClass} />
          <FieldError className="text-sm text-red-700">{t('certificate.required')}</FieldError>
        </TextField>
      </div>
      <Button type="submit" variant="primary" isDisabled={(attempted && invalid) || isPending} className="self-start">
        {t('certificate.download')}
      </Button>
    </Form>
  );
}
