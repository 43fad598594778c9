import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { BARRIER_UNLOCKED_STATE, barrierMachine } from '../../../machines/elements/barrier';
import type { Barrier } from '../../model/elements';
import { Button } from '../../ui/Button';
import { SafeHtml } from '../../ui/SafeHtml';
import type { ElementProps } from '../registry';
import { ElementActor } from '../static/ElementActor';

type BarrierActor = ActorRefFrom<typeof barrierMachine>;
type Snapshot = SnapshotFrom<typeof barrierMachine>;

const selectUnlocked = (snapshot: Snapshot) => snapshot.matches(BARRIER_UNLOCKED_STATE);
const selectCanContinue = (snapshot: Snapshot) => snapshot.context.canContinue;

/**
 * A barrier: its content and a continue button, enabled once the viewer reports the show condition
 * (`barrier.condition`); pressing it unlocks the barrier and reveals the unlocked content.
 */
export function BarrierElement({ element }: ElementProps<Barrier>) {
  return (
    <ElementActor id={element.id} machine={barrierMachine} input={{ element }}>
      {(actor) => <BarrierView element={element} actor={actor} />}
    </ElementActor>
  );
}

export function BarrierView({ element, actor }: { element: Barrier; actor: BarrierActor }) {
  const { t } = useTranslation('questions');
  const unlocked = useSelector(actor, selectUnlocked);
  const canContinue = useSelector(actor, selectCanContinue);
  return (
    <section className="my-8 rounded-lg border-2 border-primary-200 bg-primary-50 p-5" data-state={unlocked ? 'unlocked' : 'locked'} aria-label={element.title}>
      {element.content.trim() ? <SafeHtml html={element.content} className="mb-4" /> : null}
      {unlocked ? (
        element.unlockedContent.trim() ? <SafeHtml html={element.unlockedContent} role="status" /> : null
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="primary" isDisabled={!canContinue} onPress={() => actor.send({ type: 'barrier.unlock' })}>
            {element.buttonLabel || t('barrier.continue')}
          </Button>
          <span className="text-sm text-gray-600">{canContinue ? t('barrier.hintReady') : t('barrier.hintLocked')}</span>
        </div>
      )}
    </section>
  );
}
