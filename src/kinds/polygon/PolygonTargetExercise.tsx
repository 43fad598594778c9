import { useSelector } from '@xstate/react';
import { useId, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { ActorRefFrom } from 'xstate';
import { DRAG_THRESHOLD_PX } from '../../../model/constants';
import { polygonMachine } from './polygon.machine';
import { connectPolygon } from './polygon.connect';
import { sameProps } from '../../../machines/connect';
import { assetUrl } from '../../../model/assetUrl';
import type { PolygonTargetExercise } from '../../../model/elements';
import { clampToImage, foundPolygonIndexes, isMarkCorrect, isPolygonExerciseCorrect, type Point } from './polygon.model';
import { Button } from '../../ui/Button';
import { SafeHtml } from '../../../paint/SafeHtml';
import { ImageError, useImageFailure } from '../../../paint/ImageError';
import { useAssetBase } from '../../../paint/PageDataContext';
import type { ElementProps } from '../../../paint/elementProps';
import { ElementActor } from '../../elements/static/ElementActor';
import { QuestionFeedback } from '../../elements/questions/QuestionFeedback';
import { useBecameTrue } from '../../ui/useBecameTrue';
import { AnswerKeyChangedNote } from '../../elements/questions/AnswerKeyChangedNote';
import { Icon } from '../../../paint/Icon';

/** The kind's chart comes with its view: the viewer spawns it for each element (src/elements/registry.ts registers it when this module loads). */
export { kindMachine } from './polygon.machine';

type PolygonActor = ActorRefFrom<typeof polygonMachine>;


/** Keyboard crosshair steps, in image fractions (Shift moves further). */
const STEP = 0.02;
const BIG_STEP = 0.1;

/** The move an arrow key stands for, in image fractions; undefined for other keys. */
function arrowMove(key: string, step: number): Point | undefined {
  const moves: Record<string, Point> = {
    ArrowLeft: { x: -step, y: 0 }, ArrowRight: { x: step, y: 0 }, ArrowUp: { x: 0, y: -step }, ArrowDown: { x: 0, y: step },
  };
  return moves[key];
}

/** A polygon target exercise: marks on an image, judged against hidden polygons (spec section 4). */
export function PolygonTargetExerciseElement({ element }: ElementProps<PolygonTargetExercise>) {
  return (
    <ElementActor id={element.id} machine={polygonMachine} input={{ element }}>
      {(actor) => <PolygonTargetExerciseView element={element} actor={actor} />}
    </ElementActor>
  );
}

function pointIn(frame: HTMLElement, clientX: number, clientY: number): Point | null {
  const box = frame.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return null;
  return clampToImage({ x: (clientX - box.left) / box.width, y: (clientY - box.top) / box.height });
}

type Drag = { index: number; startX: number; startY: number; moved: boolean; pointerId: number };

export function PolygonTargetExerciseView({ element, actor }: { element: PolygonTargetExercise; actor: PolygonActor }) {
  const { t } = useTranslation('questions');
  const assetBase = useAssetBase();
  const { marks, evaluated, dataState } = useSelector(actor, connectPolygon, sameProps);
  const justEvaluated = useBecameTrue(evaluated);
  const questionId = useId();
  const hintId = useId();
  const frameRef = useRef<HTMLDivElement>(null);
  const imageSrc = assetUrl(assetBase, element.asset, 'img-1400');
  const [imageFailed, onImageError] = useImageFailure(imageSrc);
  const drag = useRef<Drag | null>(null);
  const [crosshair, setCrosshair] = useState<Point>({ x: 0.5, y: 0.5 });
  const [crosshairVisible, setCrosshairVisible] = useState(false);
  const [dragPreview, setDragPreview] = useState<{ index: number; point: Point } | null>(null);

  const total = element.polygons.length;
  const canAdd = !evaluated && marks.length < total;
  const found = foundPolygonIndexes(marks, element.polygons);
  const correct = isPolygonExerciseCorrect(marks, element.polygons);
  const drawn = evaluated ? element.polygons.map((polygon, index) => ({ polygon, index })).filter(({ index }) => element.showAllPolygonsAfterEvaluation || found.includes(index)) : [];

  const addAt = (point: Point | null) => {
    if (point && canAdd) actor.send({ type: 'mark.add', x: point.x, y: point.y });
  };

  const onFrameClick = (event: MouseEvent<HTMLDivElement>) => {
    if (evaluated || (event.target as HTMLElement).closest('button') || !frameRef.current) return;
    addAt(pointIn(frameRef.current, event.clientX, event.clientY));
  };

  const onFrameKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (evaluated || event.target !== event.currentTarget) return;
    const move = arrowMove(event.key, event.shiftKey ? BIG_STEP : STEP);
    if (move) {
      event.preventDefault();
      setCrosshairVisible(true);
      setCrosshair((point) => clampToImage({ x: point.x + move.x, y: point.y + move.y }));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      addAt(crosshair);
    }
  };

  // Marks: a press that moves more than the threshold drags the mark; otherwise it is a click that removes it.
  const onMarkPointerDown = (index: number) => (event: PointerEvent<HTMLButtonElement>) => {
    if (evaluated || event.button !== 0) return;
    drag.current = { index, startX: event.clientX, startY: event.clientY, moved: false, pointerId: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onMarkPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || !frameRef.current) return;
    if (!current.moved && Math.hypot(event.clientX - current.startX, event.clientY - current.startY) <= DRAG_THRESHOLD_PX) return;
    current.moved = true;
    const point = pointIn(frameRef.current, event.clientX, event.clientY);
    if (point) setDragPreview({ index: current.index, point });
  };
  const onMarkPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current) return;
    event.currentTarget.releasePointerCapture?.(current.pointerId);
    if (current.moved && dragPreview) actor.send({ type: 'mark.move', index: current.index, x: dragPreview.point.x, y: dragPreview.point.y });
    setDragPreview(null);
  };
  // The keyboard way to move a mark (dragging needs a pointer): arrow keys on the focused mark, Shift for bigger steps.
  const onMarkKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const move = arrowMove(event.key, event.shiftKey ? BIG_STEP : STEP);
    if (evaluated || !move) return;
    event.preventDefault();
    const point = clampToImage({ x: marks[index].x + move.x, y: marks[index].y + move.y });
    actor.send({ type: 'mark.move', index, x: point.x, y: point.y });
  };
  const onMarkClick = (index: number) => () => {
    const wasDrag = drag.current?.moved;
    drag.current = null;
    if (!evaluated && !wasDrag) actor.send({ type: 'mark.remove', index });
  };

  return (
    <section className="my-6 rounded-lg border border-gray-200 p-4" data-state={dataState} aria-labelledby={questionId}>
      <SafeHtml html={element.question.html} id={questionId} className="mb-3 font-medium [&_p]:m-0" />
      <div
        ref={frameRef}
        role="group"
        tabIndex={evaluated ? -1 : 0}
        aria-label={t('polygon.image')}
        aria-describedby={hintId}
        onClick={onFrameClick}
        onKeyDown={onFrameKeyDown}
        onFocus={(event) => event.target === event.currentTarget && setCrosshairVisible(true)}
        onBlur={() => setCrosshairVisible(false)}
        className={`relative select-none overflow-hidden rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 ${canAdd ? 'cursor-crosshair' : ''}`}
      >
        {imageFailed ? (
          <ImageError className="aspect-[4/3]" />
        ) : (
          <img src={imageSrc} alt={element.asset.licenseTitle ?? ''} draggable={false} onError={onImageError} className="block h-auto w-full" />
        )}
        {drawn.length > 0 ? (
          <svg aria-hidden viewBox="0 0 1 1" preserveAspectRatio="none" className="pointer-events-none absolute inset-0 h-full w-full">
            {drawn.map(({ polygon, index }) => (
              <polygon
                key={polygon.id ?? index}
                data-polygon-index={index}
                points={polygon.points.map((p) => `${p.x},${p.y}`).join(' ')}
                vectorEffect="non-scaling-stroke"
                className={found.includes(index) ? 'fill-green-500/25 stroke-green-600' : 'fill-primary-500/20 stroke-primary-600'}
                strokeWidth={2}
              />
            ))}
          </svg>
        ) : null}
        {crosshairVisible && canAdd ? (
          <span
            aria-hidden
            data-crosshair
            className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-dashed border-primary-600 bg-white/40"
            style={{ left: `${crosshair.x * 100}%`, top: `${crosshair.y * 100}%` }}
          />
        ) : null}
        {marks.map((mark, index) => {
          const shown = dragPreview?.index === index ? dragPreview.point : mark;
          const markCorrect = isMarkCorrect(mark, element.polygons);
          const label = evaluated ? t(markCorrect ? 'polygon.markCorrect' : 'polygon.markWrong', { n: index + 1 }) : t('polygon.mark', { n: index + 1 });
          return (
            <button
              key={index}
              type="button"
              aria-label={label}
              aria-disabled={evaluated || undefined}
              data-mark-index={index}
              data-result={evaluated ? (markCorrect ? 'correct' : 'wrong') : undefined}
              onPointerDown={onMarkPointerDown(index)}
              onPointerMove={onMarkPointerMove}
              onPointerUp={onMarkPointerUp}
              onClick={onMarkClick(index)}
              onKeyDown={onMarkKeyDown(index)}
              className={`absolute flex size-7 -translate-x-1/2 -translate-y-1/2 touch-none items-center justify-center rounded-full border-2 border-white text-xs font-bold text-white shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 ${
                evaluated ? (markCorrect ? 'bg-green-600' : 'bg-red-600') : 'bg-primary-600'
              }`}
              style={{ left: `${shown.x * 100}%`, top: `${shown.y * 100}%` }}
            >
              {evaluated && !markCorrect ? (
                <Icon name="cross" className="size-3.5" strokeWidth={2.5} />
              ) : (
                <span aria-hidden>{index + 1}</span>
              )}
            </button>
          );
        })}
      </div>
      <p id={hintId} className="mt-2 text-xs text-gray-500">{t('polygon.keyboardHint')}</p>
      <span className="sr-only" aria-live="polite" data-crosshair-position>
        {crosshairVisible && canAdd ? t('polygon.crosshair', { x: Math.round(crosshair.x * 100), y: Math.round(crosshair.y * 100) }) : ''}
      </span>
      <div className="mt-3 flex flex-wrap items-center gap-4 text-sm text-gray-700" aria-live="polite">
        <span data-counter="marks">{t('polygon.marksSet', { marks: marks.length, total })}</span>
        {evaluated ? <span data-counter="found">{t('polygon.found', { found: found.length })}</span> : null}
      </div>
      <div className="mt-4">
        {evaluated ? (
          <Button variant="secondary" onPress={() => actor.send({ type: 'answer.reset' })}>{t('polygon.resetQuestion')}</Button>
        ) : (
          <Button variant="primary" onPress={() => actor.send({ type: 'answer.submit' })}>{element.submitText || t('polygon.checkAnswer')}</Button>
        )}
      </div>
      <AnswerKeyChangedNote id={element.id} />
      {evaluated ? (
        <QuestionFeedback
          kind={correct ? 'positive' : 'negative'}
          html={correct ? element.feedbackPositive?.html : element.feedbackNegative?.html}
          announce={justEvaluated}
        />
      ) : null}
    </section>
  );
}
