import { useSelector } from '@xstate/react';
import { useContext } from 'react';
import type { AnyActorRef } from 'xstate';
import type { ElementChangedEvent } from '../../machines/elements/elementChanged';
import { ViewerActorContext } from '../elements/viewerContext';
import { useTranslation } from '../../i18n/react';
import type { Chapter } from '../../model/elements';
import { Button } from '../ui/Button';

type ProgressSnapshot = { context: { progress: Record<string, number> } };

/**
 * The end of a chapter whose evaluationType is selfCompletion (spec section 3): the learner marks it
 * complete, and can take it back, with the same Complete / Completed toggle a selfCompletion path
 * step has (spec section 4). Its progress is the viewer's, reported like any element's change, so it
 * is saved, tracked, restored, and counted by barriers, paths and the material.
 */
export function ChapterCompletion({ chapter }: { chapter: Chapter }) {
  const { t } = useTranslation('questions');
  const viewer = useContext(ViewerActorContext) as AnyActorRef;
  const complete = useSelector(viewer, (snapshot: ProgressSnapshot) => snapshot.context.progress[chapter.id] === 1);
  const report = (): void => {
    const change: ElementChangedEvent = { type: 'element.changed', id: chapter.id, field: 'progress', value: complete ? 0 : 1 };
    viewer.send(change);
  };
  return (
    <div className="container-content mt-10" data-chapter-completion="">
      <Button variant={complete ? 'secondary' : 'primary'} aria-pressed={complete} onPress={report}>
        {complete ? t('path.completed') : t('path.complete')}
      </Button>
    </div>
  );
}
