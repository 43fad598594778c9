import { useSelector } from '@xstate/react';
import { useId, useLayoutEffect, useMemo, useRef, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { ActorRefFrom } from 'xstate';
import { assignmentMachine, type AssignmentEvent } from './assignment.machine';
import { connectAssignment } from './assignment.connect';
import { sameProps } from '../../../machines/connect';
import {
  allItems, isAssignmentCorrect, isItemCorrectInZone, unassignedItems, zoneOfItem,
} from './assignment.model';
import type { AssignmentQuestion } from '../../../model/elements';
import { Button } from '../../ui/Button';
import { SafeHtml } from '../../../paint/SafeHtml';
import type { ElementProps } from '../../../paint/elementProps';
import { AssetImage } from '../../../paint/AssetImage';
import { ElementActor } from '../../elements/static/ElementActor';
import { QuestionFeedback } from '../../elements/questions/QuestionFeedback';
import { useBecameTrue } from '../../ui/useBecameTrue';
import { AnswerKeyChangedNote } from '../../elements/questions/AnswerKeyChangedNote';
import { ResultMark } from '../../../paint/ResultMark';
import { useItemDrag, type Dragging } from '../../elements/questions/useItemDrag';

/** The kind's chart comes with its view: the viewer spawns it for each element (src/elements/registry.ts registers it when this module loads). */
export { kindMachine } from './assignment.machine';

type AssignmentActor = ActorRefFrom<typeof assignmentMachine>;
type Item = AssignmentQuestion['disruptors'][number];
type Zone = AssignmentQuestion['zones'][number];


/** An assignment question: items are assigned to zones by select-then-place (spec section 4). */
export function AssignmentQuestionElement({ element }: ElementProps<AssignmentQuestion>) {
  return (
    <ElementActor id={element.id} machine={assignmentMachine} input={{ element }}>
      {(actor) => <AssignmentQuestionView element={element} actor={actor} />}
    </ElementActor>
  );
}

type ItemButtonProps = {
  item: Item;
  name: string;
  selected: boolean;
  evaluated: boolean;
  correct?: boolean;
  dragged?: boolean;
  onSelect: () => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
};

function ItemButton({ item, name, selected, evaluated, correct, dragged, onSelect, onPointerDown }: ItemButtonProps) {
  const { t } = useTranslation('questions');
  return (
    <span onPointerDownCapture={onPointerDown} className={`inline-flex ${dragged ? 'opacity-40' : ''}`}>
      <Button
        variant="secondary"
        aria-pressed={selected}
        aria-label={evaluated && correct !== undefined ? t(correct ? 'assignment.itemCorrect' : 'assignment.itemWrong', { text: name }) : name}
        isDisabled={evaluated}
        onPress={onSelect}
        data-item-id={item.id}
        className={`!justify-start !gap-2 text-start disabled:!opacity-100 ${selected ? '!border-primary-600 !bg-primary-50 ring-2 ring-primary-600' : ''} ${
          evaluated && correct !== undefined ? (correct ? '!border-green-600' : '!border-red-600') : ''
        }`}
      >
        {item.type === 'image' && item.image ? (
          <span className="block w-24"><AssetImage asset={item.image} alt="" ratio={4 / 3} fit="cover" sizes="96px" /></span>
        ) : (
          <span>{item.text}</span>
        )}
        {evaluated && correct !== undefined ? <ResultMark correct={correct} /> : null}
      </Button>
    </span>
  );
}

/** The item under the pointer while it is dragged. */
function DragGhost({ dragging, label }: { dragging: Dragging; label: string }) {
  return (
    <div
      aria-hidden
      data-drag-ghost
      className="pointer-events-none fixed z-50 -translate-x-1/2 -translate-y-1/2 rounded-md border border-primary-600 bg-white px-3 py-2 text-sm shadow-lg"
      style={{ left: dragging.x, top: dragging.y }}
    >
      {label}
    </div>
  );
}

export function AssignmentQuestionView({ element, actor }: { element: AssignmentQuestion; actor: AssignmentActor }) {
  const { t } = useTranslation('questions');
  const { assigned, selectedItemId, evaluated, dataState } = useSelector(actor, connectAssignment, sameProps);
  const justEvaluated = useBecameTrue(evaluated);
  const instructionsId = useId();
  const items = useMemo(() => allItems(element), [element]);
  const pool = unassignedItems(items, assigned, element.id);
  const byId = new Map(items.map((item) => [item.id, item]));
  const nameOf = (item: Item) => item.text || item.image?.licenseTitle || t('assignment.imageItem', { n: items.indexOf(item) + 1 });
  const hasInput = Object.values(assigned).some((ids) => ids.length > 0);
  const selectedIsAssigned = selectedItemId !== null && zoneOfItem(assigned, selectedItemId) !== undefined;
  const correct = isAssignmentCorrect(element.zones, assigned);
  // An item a button placed: focus follows it to its new place, instead of falling to the page's body
  // with the button that is disabled once nothing is selected (a keyboard user would lose their place).
  const section = useRef<HTMLElement>(null);
  const focusAfterMove = useRef<string | null>(null);
  useLayoutEffect(() => {
    const itemId = focusAfterMove.current;
    focusAfterMove.current = null;
    if (itemId) section.current?.querySelector<HTMLElement>(`[data-item-id=${JSON.stringify(itemId)}]`)?.focus();
  }, [assigned]);
  const moveSelected = (event: AssignmentEvent) => {
    focusAfterMove.current = selectedItemId;
    actor.send(event);
  };

  const { dragging, onPointerDown, consumeClick } = useItemDrag(
    (itemId, target) =>
      actor.send(target.kind === 'zone' ? { type: 'zone.assign', zoneId: target.zoneId, itemId } : { type: 'item.unassign', itemId }),
    !evaluated,
  );
  const select = (itemId: string) => {
    if (!consumeClick()) actor.send({ type: 'item.select', itemId });
  };
  const itemProps = (itemId: string) => ({ dragged: dragging?.itemId === itemId, onPointerDown: onPointerDown(itemId), onSelect: () => select(itemId) });
  const over = dragging?.over;
  const assignTo = (zoneId: string) => actor.send({ type: 'zone.assign', zoneId });
  // A mouse click anywhere on a zone or the pool places the selected item; clicks on items select them.
  const onAreaClick = (place: () => void) => (event: MouseEvent) => {
    if (evaluated || selectedItemId === null) return;
    if ((event.target as HTMLElement).closest('button')) return;
    place();
  };

  return (
    <section ref={section} className="my-6 rounded-lg border border-gray-200 p-4" data-state={dataState} aria-labelledby={instructionsId}>
      <SafeHtml html={element.instructions} id={instructionsId} className="mb-3 font-medium [&_p]:m-0" />
      <div
        role="group"
        aria-label={t('assignment.pool')}
        data-pool
        onClick={onAreaClick(() => actor.send({ type: 'item.unassign' }))}
        data-drop-over={over?.kind === 'pool' || undefined}
        className={`mb-4 rounded-md border-2 border-dashed p-3 ${selectedIsAssigned || over?.kind === 'pool' ? 'border-primary-400 bg-primary-50' : 'border-gray-300'}`}
      >
        <div className="mb-2 flex items-center justify-between gap-2 text-sm text-gray-600">
          <span>{t('assignment.pool')}</span>
          {selectedIsAssigned && !evaluated ? (
            <Button variant="quiet" onPress={() => moveSelected({ type: 'item.unassign' })}>{t('assignment.backToPool')}</Button>
          ) : null}
        </div>
        {!evaluated ? <p className="mb-2 text-xs text-gray-500">{t('assignment.poolHint')}</p> : null}
        <div className="flex flex-wrap gap-2">
          {pool.length === 0 ? <span className="text-sm text-gray-500">{t('assignment.poolEmpty')}</span> : null}
          {pool.map((item) => (
            <ItemButton key={item.id} item={item} name={nameOf(item)} selected={selectedItemId === item.id} evaluated={evaluated} {...itemProps(item.id)} />
          ))}
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {element.zones.map((zone: Zone) => {
          const ids = assigned[zone.id] ?? [];
          return (
            <div
              key={zone.id}
              role="group"
              aria-label={t('assignment.zone', { title: zone.title })}
              data-zone-id={zone.id}
              onClick={onAreaClick(() => assignTo(zone.id))}
              data-drop-over={(over?.kind === 'zone' && over.zoneId === zone.id) || undefined}
              className={`flex flex-col gap-2 rounded-md border-2 p-3 ${
                over?.kind === 'zone' && over.zoneId === zone.id ? 'border-primary-600 bg-primary-50' : (selectedItemId !== null || dragging) && !evaluated ? 'border-primary-400' : 'border-gray-200'
              }`}
            >
              {zone.type === 'image' && zone.image ? (
                <AssetImage asset={zone.image} alt={zone.title} ratio={16 / 9} fit="cover" sizes="(min-width: 640px) 400px, 100vw" />
              ) : null}
              <span className="font-medium">{zone.title}</span>
              <div className="flex min-h-10 flex-wrap gap-2">
                {ids.length === 0 ? <span className="text-sm text-gray-500">{t('assignment.zoneEmpty')}</span> : null}
                {ids.map((id) => {
                  const item = byId.get(id);
                  if (!item) return null;
                  return (
                    <ItemButton
                      key={id}
                      item={item}
                      name={nameOf(item)}
                      selected={selectedItemId === id}
                      evaluated={evaluated}
                      correct={isItemCorrectInZone(zone, id)}
                      {...itemProps(id)}
                    />
                  );
                })}
              </div>
              {!evaluated ? (
                <Button
                  variant="quiet"
                  isDisabled={selectedItemId === null || ids.includes(selectedItemId)}
                  aria-label={`${t('assignment.placeHere')}: ${zone.title}`}
                  onPress={() => moveSelected({ type: 'zone.assign', zoneId: zone.id })}
                >
                  {t('assignment.placeHere')}
                </Button>
              ) : null}
            </div>
          );
        })}
      </div>
      <div className="mt-4">
        {/* One button that turns, so that keyboard focus stays on it (as AnswerButton does for the other questions). */}
        <Button
          variant={evaluated ? 'secondary' : 'primary'}
          isDisabled={!evaluated && !hasInput}
          onPress={() => actor.send({ type: evaluated ? 'answer.reset' : 'answer.submit' })}
        >
          {evaluated ? t('resetAnswer') : element.submitText || t('evaluate')}
        </Button>
      </div>
      <AnswerKeyChangedNote id={element.id} />
      {evaluated ? <QuestionFeedback kind={correct ? 'positive' : 'negative'} announce={justEvaluated} /> : null}
      {dragging && byId.get(dragging.itemId) ? <DragGhost dragging={dragging} label={nameOf(byId.get(dragging.itemId)!)} /> : null}
    </section>
  );
}
