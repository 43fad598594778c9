import { useSelector } from '@xstate/react';
import { useTranslation } from '../../../i18n/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { pathMachine } from './path.machine';
import { assetUrl } from '../../../model/assetUrl';
import type { Chapter, IFrame, Path } from '../../../model/elements';
import { activeStepIndex } from '../../../model/progress';
import { Button } from '../../ui/Button';
import { ProgressRing } from '../../../paint/ProgressRing';
import { SafeHtml } from '../../../paint/SafeHtml';
import { DecorativeImage } from '../../../paint/ImageError';
import { useAssetBase } from '../../../paint/PageDataContext';
import type { ElementProps } from '../../../paint/elementProps';
import { ElementActor } from '../../elements/static/ElementActor';

/** The kind's chart comes with its view: the viewer spawns it for each element (src/elements/registry.ts registers it when this module loads). */
export { kindMachine } from './path.machine';

type PathActor = ActorRefFrom<typeof pathMachine>;
type Snapshot = SnapshotFrom<typeof pathMachine>;
type Step = Chapter | IFrame;

const selectProgress = (snapshot: Snapshot) => snapshot.context.progress;

/** A learning path: its steps with progress rings, the active step, and step completion (spec section 4). */
export function PathElement({ element }: ElementProps<Path>) {
  return (
    <ElementActor id={element.id} machine={pathMachine} input={{ element }}>
      {(actor) => <PathView element={element} actor={actor} />}
    </ElementActor>
  );
}

/** Where a step leads, relative to the current page: a chapter by publicId, an external resource by id. */
export function stepHref(step: Step): string {
  return step.modelName === 'Chapter' ? `${step.publicId}/` : `iframe/${step.id}`;
}

export function PathView({ element, actor }: { element: Path; actor: PathActor }) {
  const { t } = useTranslation('questions');
  const assetBase = useAssetBase();
  const progress = useSelector(actor, selectProgress);
  const values = element.content.map((step) => progress[step.id] ?? 0);
  const active = activeStepIndex(values);

  return (
    <nav aria-label={element.title || t('path.label')} className="my-8" data-model-path={element.id}>
      <ol className="relative flex flex-col gap-4 before:absolute before:top-6 before:bottom-6 before:start-6 before:w-0.5 before:bg-gray-200">
        {element.content.map((step, index) => {
          const value = values[index];
          const isActive = index === active;
          const title = step.pathTitle || step.title;
          const cover = step.pathCover || step.cover;
          const duration = step.pathDuration || step.duration;
          const description = step.pathDescription || step.description;
          const complete = value >= 1;
          return (
            <li
              key={step.id}
              id={step.id}
              data-model-name={step.modelName}
              aria-current={isActive ? 'step' : undefined}
              data-step-id={step.id}
              data-active={isActive || undefined}
              className="relative flex gap-4"
            >
              <span className="z-10 rounded-full bg-white">
                <ProgressRing progress={value} label={t('path.progress', { percent: Math.round(value * 100) })} />
              </span>
              <div
                className={`flex min-w-0 flex-1 flex-col gap-2 overflow-hidden rounded-lg border bg-white sm:flex-row ${
                  isActive ? 'border-primary-600 shadow-md ring-1 ring-primary-600' : 'border-gray-200'
                }`}
              >
                {cover ? <DecorativeImage src={assetUrl(assetBase, cover, 'card-300')} className="h-32 w-full object-cover sm:h-auto sm:w-40" /> : null}
                <div className="flex min-w-0 flex-1 flex-col gap-1 p-4">
                  <span className="text-xs font-medium tracking-wide text-gray-500 uppercase">
                    {t('path.step', { n: index + 1, total: element.content.length })}
                    {isActive ? <> · <span className="text-primary-700">{t('path.active')}</span></> : null}
                  </span>
                  <a
                    href={stepHref(step)}
                    onClick={() => actor.send({ type: 'step.open', stepId: step.id })}
                    className="text-lg font-semibold text-gray-900 hover:text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
                  >
                    {title}
                  </a>
                  {duration ? <span className="text-sm text-gray-500">{t('path.duration', { duration })}</span> : null}
                  {description ? <SafeHtml html={description} className="line-clamp-3 text-sm text-gray-600" /> : null}
                  {step.pathEvaluationType === 'selfCompletion' ? (
                    <div className="mt-2">
                      <Button
                        variant={complete ? 'secondary' : 'primary'}
                        aria-pressed={complete}
                        onPress={() => actor.send({ type: 'step.toggle', stepId: step.id })}
                      >
                        {complete ? t('path.completed') : step.pathSubmitText || t('path.complete')}
                      </Button>
                    </div>
                  ) : null}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
