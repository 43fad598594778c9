import { useSelector } from '@xstate/react';
import { lazyPart } from '../ui/lazyPart';
import { useTranslation } from '../../i18n/react';
import { Button } from '../ui/Button';
import { useGuestSessionActor } from './GuestSessionProvider';
import { Icon } from '../../paint/Icon';

const GuestDialog = lazyPart(() => import('./GuestDialog').then((module) => module.default));

/**
 * The header's guest-save control (spec section 2): "Save learning progress" until a guest
 * session exists, then the guest's name, which opens the dialog with the link again.
 */
export default function GuestControl() {
  const { t } = useTranslation('viewer');
  const actor = useGuestSessionActor();
  const session = useSelector(actor ?? undefined, (snapshot) => snapshot?.context.session ?? null);
  const open = useSelector(actor ?? undefined, (snapshot) => Boolean(snapshot?.matches({ none: 'open' }) || snapshot?.matches({ present: 'open' })));
  if (!actor) return null;
  return (
    <>
      {session ? (
        <Button variant="quiet" onPress={() => actor.send({ type: 'dialog.open' })} aria-label={t('guest.name', { name: session.name })} data-testid="guest-name" className="max-w-[40vw] min-w-16 truncate">
          <Icon name="person" className="h-4 w-4 shrink-0" />
          <span className="truncate">{session.name}</span>
        </Button>
      ) : (
        <Button variant="secondary" onPress={() => actor.send({ type: 'dialog.open' })} aria-label={t('guest.save')} data-testid="guest-save" className="shrink-0 whitespace-nowrap">
          {/* A phone's header has room for the verb alone; the accessible name stays whole. */}
          <span className="sm:hidden">{t('guest.saveShort')}</span>
          <span className="hidden sm:inline">{t('guest.save')}</span>
        </Button>
      )}
      {open ? <GuestDialog actor={actor} /> : null}
    </>
  );
}
