// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '../../i18n/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { guestSessionMachine, type CreateGuestInput, type ForgetGuestInput, type GuestSession } from '../../machines/guestSession';
import GuestDialog from '../../src/guest/GuestDialog';
import { copyGuestLink } from '../../src/guest/copyGuestLink';
import { createI18n } from '../../i18n';
import { expectVisible } from '../support/visible';

const started: AnyActorRef[] = [];
afterEach(() => started.splice(0).forEach((actor) => actor.stop()));

/** A guest-session actor whose createGuest answers like POST /api/guest (or fails). */
function guestActor(outcome: 'ok' | 'fail', calls: CreateGuestInput[] = [], forget: () => Promise<void> = async () => {}, clipboard?: Pick<Clipboard, 'writeText'>) {
  const logic = guestSessionMachine.provide({
    ...(clipboard ? { actions: { copyLink: ({ self }, params) => copyGuestLink(self, params.session, clipboard) } } : {}),
    actors: {
      createGuest: fromPromise<GuestSession, CreateGuestInput>(async ({ input }) => {
        calls.push(input);
        if (outcome === 'fail') throw new Error('HTTP 500');
        return { publicId: 'G'.repeat(24), name: input.name };
      }),
      forgetGuest: fromPromise<void, ForgetGuestInput>(forget),
    },
  });
  const actor = createActor(logic, { input: { session: null } }).start();
  started.push(actor);
  actor.send({ type: 'dialog.open' });
  return actor;
}

function renderDialog(actor: ReturnType<typeof guestActor>, lang: 'de' | 'en' = 'en') {
  render(
    <I18nProvider i18n={createI18n(lang)}>
      <GuestDialog actor={actor} />
    </I18nProvider>,
  );
  return userEvent.setup();
}

describe('guest dialog', () => {
  it('shows errors only after a first submit, keeps the button disabled while invalid, creates nothing', async () => {
    const calls: CreateGuestInput[] = [];
    const actor = guestActor('ok', calls);
    const user = renderDialog(actor);
    expectVisible(screen.getByRole('heading', { name: 'Save learning progress' }));
    expectVisible(screen.getByRole('heading', { name: 'Save your progress and continue learning later' }));
    expect(screen.queryByText('Required')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText(/First name/), 'Ada');
    expect(screen.getAllByText('Required')).toHaveLength(1);
    await user.type(screen.getByLabelText(/Last name/), '   ');
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().matches({ none: { open: 'editing' } })).toBe(true);
  });

  it('creates the session with "First Last", then shows the link to note and copies it', async () => {
    const calls: CreateGuestInput[] = [];
    const actor = guestActor('ok', calls);
    const user = renderDialog(actor);
    await user.type(screen.getByLabelText(/First name/), '  Ada ');
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: 'Your learning progress is saved' });
    expect(calls).toEqual([{ name: 'Ada Lovelace' }]);
    const link = screen.getByTestId('guest-link') as HTMLInputElement;
    expect(new URL(link.value).searchParams.get('guestSessionId')).toBe('G'.repeat(24));
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(screen.getByRole('status').textContent).toBe('Copied to clipboard');
    expect(actor.getSnapshot().matches({ present: { open: 'copied' } })).toBe(true);
  });

  it('copies the link with the clipboard; when the browser refuses, no "Copied" shows', async () => {
    const copied: string[] = [];
    const ok = guestActor('ok', [], undefined, { writeText: async (text) => void copied.push(text) });
    const user = renderDialog(ok);
    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(new URL(copied[0]).searchParams.get('guestSessionId')).toBe('G'.repeat(24));
    expect(screen.getByRole('status').textContent).toBe('Copied to clipboard');
    cleanup();

    const refused = guestActor('ok', [], undefined, { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) });
    const again = renderDialog(refused);
    await again.type(screen.getByLabelText(/First name/), 'Ada');
    await again.type(screen.getByLabelText(/Last name/), 'Lovelace');
    await again.click(screen.getByRole('button', { name: 'Save' }));
    await again.click(await screen.findByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(refused.getSnapshot().matches({ present: { open: 'idle' } })).toBe(true));
    expect(screen.queryByText('Copied to clipboard')).toBeNull();
  });

  it('says so when saving failed and lets the learner try again', async () => {
    const actor = guestActor('fail');
    const user = renderDialog(actor, 'de');
    await user.type(screen.getByLabelText(/Vorname/), 'Ada');
    await user.type(screen.getByLabelText(/Nachname/), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/konnte nicht gespeichert werden/));
    expectVisible(screen.getByRole('heading', { name: 'Lernstand speichern' }));
    expect(actor.getSnapshot().context.session).toBeNull();
  });

  it('once saved, focus is on Copy link inside the dialog, so Escape closes it', async () => {
    const actor = guestActor('ok');
    const user = renderDialog(actor);
    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: 'Your learning progress is saved' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy link' })));
    await user.keyboard('{Escape}');
    expect(actor.getSnapshot().matches({ present: 'closed' })).toBe(true);
  });

  it('offers to forget the session in this browser; a failure says so, the dialog stays open while it forgets', async () => {
    let settle: { resolve: () => void; reject: (error: unknown) => void } | null = null;
    const actor = guestActor('ok', [], () => new Promise<void>((resolve, reject) => (settle = { resolve, reject })));
    const user = renderDialog(actor, 'de');
    await user.type(screen.getByLabelText(/Vorname/), 'Ada');
    await user.type(screen.getByLabelText(/Nachname/), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await screen.findByRole('heading', { name: 'Dein Lernstand ist gespeichert' });
    expect(screen.getByTestId('guest-remembered').textContent).toContain('Dieser Browser merkt sich deinen Lernstand');
    await user.click(screen.getByRole('button', { name: 'In diesem Browser vergessen' }));
    expect(screen.getByRole('button', { name: 'Wird vergessen …' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Schließen' }).hasAttribute('disabled')).toBe(true);
    await act(async () => settle!.reject(new Error('offline')));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Das hat nicht geklappt. Bitte versuche es erneut.'));
    await user.click(screen.getByRole('button', { name: 'In diesem Browser vergessen' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => settle!.resolve());
    await waitFor(() => expect(actor.getSnapshot().value).toBe('forgotten'));
  });
});
