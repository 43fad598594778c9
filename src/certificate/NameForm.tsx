import { useTranslation } from '../../i18n/react';
import { PersonNameForm, type PersonName } from '../ui/PersonNameForm';

/** The name a visitor without an account enters for the certificate. */
export type CertificateName = PersonName;

type NameFormProps = {
  onSubmit: (name: CertificateName) => void;
  /** A download is being prepared: the button waits. */
  isPending?: boolean;
};

/**
 * First and last name for the certificate of a visitor without an account (spec section 5):
 * placeholders Firstname / Lastname, and the form is cleared once it was submitted.
 */
export function CertificateNameForm({ onSubmit, isPending = false }: NameFormProps) {
  const { t } = useTranslation('questions');
  return (
    <PersonNameForm
      onSubmit={onSubmit}
      isPending={isPending}
      resetAfterSubmit
      texts={{
        form: t('certificate.nameForm'),
        hint: t('certificate.nameHint'),
        firstName: t('certificate.firstName'),
        lastName: t('certificate.lastName'),
        firstNamePlaceholder: t('certificate.firstNamePlaceholder'),
        lastNamePlaceholder: t('certificate.lastNamePlaceholder'),
        required: t('certificate.required'),
        submit: t('certificate.download'),
      }}
    />
  );
}
