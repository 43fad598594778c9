import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { foldableMachine } from './foldable.machine';
import { connectFoldable } from './foldable.connect';
import { sameProps } from '../../../machines/connect';
import type { ElementOf } from '../../../model/elements';
import { Disclosure } from '../../ui/Disclosure';
import { NestedList } from '../../../paint/nestedList';
import { EmptyListNote } from '../../elements/EmptyListNote';
import type { ElementProps } from '../../../paint/elementProps';
import { ElementActor } from '../../elements/static/ElementActor';
import { pressTarget } from '../../../paint/pressTarget';
import { FOLDABLE_TITLE_PRESS } from '../../../model/pressKeys';
import { useElementHeadingLevel } from '../../elements/static/elementHeadingLevel';

/** The kind's chart comes with its view: the viewer spawns it for each element (src/elements/registry.ts registers it when this module loads). */
export { kindMachine } from './foldable.machine';

type FoldableData = ElementOf<'Foldable'>;


/** A foldable section: its title toggles the content (spec section 4). */
export function FoldableElement({ element }: ElementProps<FoldableData>) {
  return (
    <ElementActor id={element.id} machine={foldableMachine} input={{ element }}>
      {(actor) => <FoldableView element={element} actor={actor} />}
    </ElementActor>
  );
}

function FoldableView({ element, actor }: { element: FoldableData; actor: ActorRefFrom<typeof foldableMachine> }) {
  const { unfolded, dataState } = useSelector(actor, connectFoldable, sameProps);
  const headingLevel = useElementHeadingLevel();
  return (
    <div className="my-4" data-state={dataState}>
      <Disclosure
        title={element.title}
        headingLevel={headingLevel}
        triggerAttributes={pressTarget(FOLDABLE_TITLE_PRESS)}
        isExpanded={unfolded}
        onExpandedChange={(expanded) => {
          if (expanded !== unfolded) actor.send({ type: 'foldable.toggle' });
        }}
      >
        {element.content.length ? <NestedList elements={element.content} /> : <EmptyListNote />}
      </Disclosure>
    </div>
  );
}
