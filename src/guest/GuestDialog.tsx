import { useSelector } from '@xstate/react';
import { Dialog } from 'react-aria-components/Dialog';
import { Heading } from 'react-aria-components/Heading';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';
import { useTranslation } from '../../i18n/react';
import { addLearnerTexts } from '../../i18n/resources/learner';
import { Button } from '../ui/Button';
import { PersonNameForm } from '../ui/PersonNameForm';
import { guestLink } from './guestLink';
import type { GuestSessionActor } from './GuestSessionProvider';
import { Icon } from '../../paint/Icon';
import { withTooltip } from '../ui/withTooltip';

/**
 * The dialog Save learning progress (spec sections 2 and 5): 350 px wide, 600 px from sm. Without a
 * session it asks for first and last name; once saved it is titled Your learning progress is saved
 * and shows the link to note with Copy link.
 */
export default function GuestDialog({ actor }: { actor: GuestSessionActor }) {
  const { t, i18n } = useTranslation('learner');
  addLearnerTexts(i18n);
  const snapshot = useSelector(actor, (s) => s);
  const session = snapshot.context.session;
  const creating = snapshot.matches({ none: { open: 'creating' } });
  const forgetting = snapshot.matches({ present: { open: 'forgetting' } });
  const busy = creating || forgetting;
  const copied = snapshot.matches({ present: { open: 'copied' } });
  const close = () => actor.send({ type: 'dialog.close' });

  return (
    <ModalOverlay
      isOpen
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      onOpenChange={(isOpen) => (isOpen ? undefined : close())}
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/40 p-4 pt-[10vh] animate-overlay-fade motion-reduce:animate-none"
    >
      <Modal className="w-[350px] max-w-full rounded-lg bg-white shadow-xl outline-none sm:w-[600px]">
        <Dialog className="outline-none" data-testid="guest-dialog">
          <div className="flex items-center justify-between gap-3 border-b border-gray-200 px-5 py-3">
            <Heading slot="title" className="text-lg font-semibold text-gray-900">
              {t(session ? 'dialog.titleSaved' : 'dialog.title')}
            </Heading>
            <Button variant="icon" onPress={close} isDisabled={busy} aria-label={t('dialog.close')} {...withTooltip}>
              <Icon name="close" className="h-5 w-5" />
            </Button>
          </div>
          <div className="flex flex-col gap-4 px-5 py-5">
            {session ? (
              <>
                <UrlNote link={guestLink(window.location.href, session.publicId)} copied={copied} onCopy={() => actor.send({ type: 'link.copy' })} />
                <Remembered forgetting={forgetting} failed={snapshot.context.failed} onForget={() => actor.send({ type: 'session.forget' })} />
              </>
            ) : (
              <>
                <h3 className="font-medium text-gray-900">{t('dialog.formHeading')}</h3>
                {snapshot.context.failed ? (
                  <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
                    {t('dialog.failed')}
                  </p>
                ) : null}
                <PersonNameForm
                  isPending={creating}
                  onSubmit={({ firstName, lastName }) => actor.send({ type: 'form.submit', firstName, lastName })}
                  texts={{
                    form: t('dialog.title'),
                    firstName: t('dialog.firstName'),
                    lastName: t('dialog.lastName'),
                    required: t('errors.required'),
                    submit: t(creating ? 'dialog.submitting' : 'dialog.submit'),
                  }}
                />
              </>
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function UrlNote({ link, copied, onCopy }: { link: string; copied: boolean; onCopy: () => void }) {
  const { t } = useTranslation('learner');
  return (
    <div className="flex flex-col gap-3 rounded-md border border-blue-200 bg-blue-50 p-4 text-blue-950" data-testid="guest-url-note">
      <p className="text-sm">{t('dialog.urlNote')}</p>
      <input
        readOnly
        value={link}
        aria-label={t('dialog.urlNote')}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded border border-blue-200 bg-white px-2 py-1 font-mono text-xs text-gray-900"
        data-testid="guest-link"
      />
      <div className="flex items-center gap-3">
        {/* Focus moves here when the session is saved (the form that held it is gone): Escape and Tab stay in the dialog. */}
        <Button variant="primary" onPress={onCopy} autoFocus>
          {t('dialog.copyLink')}
        </Button>
        <span role="status" className="text-sm">
          {copied ? t('dialog.copied') : ''}
        </span>
      </div>
    </div>
  );
}

/** This browser remembers the guest session for the share (the plain link continues it); a shared device lets it forget. */
function Remembered({ forgetting, failed, onForget }: { forgetting: boolean; failed: boolean; onForget: () => void }) {
  const { t } = useTranslation('learner');
  return (
    <div className="flex flex-col items-start gap-2 text-sm text-gray-700" data-testid="guest-remembered">
      <p>{t('dialog.remembered')}</p>
      {failed ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-900">
          {t('dialog.forgetFailed')}
        </p>
      ) : null}
      <Button variant="secondary" onPress={onForget} isDisabled={forgetting}>
        {t(forgetting ? 'dialog.forgetting' : 'dialog.forget')}
      </Button>
    </div>
  );
}
