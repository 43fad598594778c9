import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components/Form';
import { Input } from 'react-aria-components/Input';
import { Label } from 'react-aria-components/Label';
import { TextField } from 'react-aria-components/TextField';
import { useTranslation } from '../../i18n/react';
import { addLearnerTexts } from '../../i18n/resources/learner';
import type { PageData } from '../../model/pageData';
import { Button } from '../ui/Button';
import { StandaloneHeader } from './StandaloneHeader';

const inputClass =
  'rounded-md border border-gray-300 bg-white px-3 py-2 text-sm outline-none focus-visible:border-primary-600 ' +
  'focus-visible:ring-2 focus-visible:ring-primary-600/30';

type Outcome = 'idle' | 'pending' | 'wrong' | 'throttled' | 'failed';

const outcomeOfStatus = (status: number): Outcome => (status === 401 || status === 400 ? 'wrong' : status === 429 ? 'throttled' : 'failed');

/**
 * The login a private share shows without a session (spec section 1, issue 4): email and password;
 * on success the page reloads and the server answers with the material.
 */
export default function LoginPage({ pageData, onLoggedIn = () => location.reload() }: { pageData: PageData; onLoggedIn?: () => void }) {
  const { t, i18n } = useTranslation('learner');
  addLearnerTexts(i18n);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const title = document.title;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome('pending');
    try {
      const response = await fetch('/auth/login', {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ email: email.trim(), password }),
      });
      if (response.ok) {
        onLoggedIn();
        return;
      }
      setOutcome(outcomeOfStatus(response.status));
    } catch {
      setOutcome('failed');
    }
  };

  return (
    <div className="min-h-screen bg-gray-50">
      <StandaloneHeader pageData={pageData} />
      <main className="mx-auto mt-16 w-full max-w-[420px] px-4">
        <div className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
          <h1 className="mb-2 text-2xl font-bold text-gray-900">{t('login.title')}</h1>
          {pageData.share ? <p className="mb-6 text-sm text-gray-600">{t('login.intro', { title })}</p> : null}
          <Form onSubmit={submit} className="flex flex-col gap-4" aria-label={t('login.title')}>
            <TextField name="email" type="email" value={email} onChange={setEmail} isRequired autoFocus className="flex flex-col gap-1">
              <Label className="text-sm font-medium">{t('login.email')}</Label>
              <Input autoComplete="username" className={inputClass} />
            </TextField>
            <TextField name="password" type="password" value={password} onChange={setPassword} isRequired className="flex flex-col gap-1">
              <Label className="text-sm font-medium">{t('login.password')}</Label>
              <Input autoComplete="current-password" className={inputClass} />
            </TextField>
            {outcome === 'idle' || outcome === 'pending' ? null : (
              <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
                {t(`login.${outcome}`)}
              </p>
            )}
            <Button type="submit" variant="primary" isDisabled={outcome === 'pending'} className="self-start">
              {t(outcome === 'pending' ? 'login.submitting' : 'login.submit')}
            </Button>
          </Form>
        </div>
      </main>
    </div>
  );
}
