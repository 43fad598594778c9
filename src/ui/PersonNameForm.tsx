import { useState, type FormEvent } from 'react';
import { FieldError } from 'react-aria-components/FieldError';
import { Form } from 'react-aria-components/Form';
import { Input } from 'react-aria-components/Input';
import { Label } from 'react-aria-components/Label';
import { TextField } from 'react-aria-components/TextField';
import { Button } from './Button';

/** A person's first and last name, trimmed. */
export type PersonName = { firstName: string; lastName: string };

export type PersonNameFormTexts = {
  /** Accessible name of the form. */
  form: string;
  hint?: string;
  firstName: string;
  lastName: string;
  firstNamePlaceholder?: string;
  lastNamePlaceholder?: string;
  required: string;
  submit: string;
};

type PersonNameFormProps = {
  texts: PersonNameFormTexts;
  onSubmit: (name: PersonName) => void;
  /** The submit is being handled: the button waits. */
  isPending?: boolean;
  /** Clear the fields after a submit (the certificate form does, spec section 5). */
  resetAfterSubmit?: boolean;
};

const fieldClass = 'flex flex-1 flex-col gap-1';
const inputClass =
  'rounded-md border border-gray-300 bg-white px-3 py-2 text-sm outline-none focus-visible:border-primary-600 ' +
  'focus-visible:ring-2 focus-visible:ring-primary-600/30 data-invalid:border-red-600';

/**
 * First and last name, both required (spec section 5): errors show only after a first submit
 * attempt, the button is disabled while a field is invalid after that, and no submit is emitted
 * while an error exists.
 */
export function PersonNameForm({ texts, onSubmit, isPending = false, resetAfterSubmit = false }: PersonNameFormProps) {
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
    if (!resetAfterSubmit) return;
    setFirstName('');
    setLastName('');
    setAttempted(false);
  };

  return (
    <Form validationBehavior="aria" onSubmit={submit} className="flex w-full flex-col gap-3" aria-label={texts.form}>
      {texts.hint ? <p className="text-sm text-gray-700">{texts.hint}</p> : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <TextField name="firstName" value={firstName} onChange={setFirstName} isRequired isInvalid={attempted && missing.firstName} className={fieldClass}>
          <Label className="text-sm font-medium">{texts.firstName}</Label>
          <Input placeholder={texts.firstNamePlaceholder} autoComplete="given-name" className={inputClass} />
          <FieldError className="text-sm text-red-700">{texts.required}</FieldError>
        </TextField>
        <TextField name="lastName" value={lastName} onChange={setLastName} isRequired isInvalid={attempted && missing.lastName} className={fieldClass}>
          <Label className="text-sm font-medium">{texts.lastName}</Label>
          <Input placeholder={texts.lastNamePlaceholder} autoComplete="family-name" className={inputClass} />
          <FieldError className="text-sm text-red-700">{texts.required}</FieldError>
        </TextField>
      </div>
      <Button type="submit" variant="primary" isDisabled={(attempted && invalid) || isPending} className="self-start">
        {texts.submit}
      </Button>
    </Form>
  );
}
