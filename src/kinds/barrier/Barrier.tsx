import { useSelector } from '@xstate/react';
import { useTranslation } from '../../../i18n/react';
import type { ActorRefFrom } from 'xstate';
import { barrierMachine } from './barrier.machine';
import { connectBarrier } from './barrier.connect';
import { sameProps } from '../../../machines/connect';
import type { Barrier } from '../../../model/elements';
import { Button } from '../../ui/Button';
import { SafeHtml } from '../../../paint/SafeHtml';
import type { ElementProps } from '../../../paint/elementProps';
import { ElementActor } from '../../elements/static/ElementActor';
import { fromProgress, useViewerSelector } from '../../elements/viewerContext';
import { GROUP_CLASS } from '../../../paint/elementGroups';
import { blockingItems } from '../../../model/progressTree';
import { elementLabelText, kindNameOf } from '../indexing';
import type { ContentElement } from '../../../model/elements';
import { useMemo, useState, type MouseEvent } from 'react';
import { scrollToStart } from '../../viewer/scrollToStart';

/** The kind's chart comes with its view: the viewer spawns it for each element (src/elements/registry.ts registers it when this module loads). */
export { kindMachine } from './barrier.machine';

const noItems: ContentElement[] = [];
/** The list is derived anew on every change of the viewer; it re-renders the barrier only when other items block it. */
const sameItems = (a: readonly ContentElement[], b: readonly ContentElement[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** The items above that still keep the barrier closed, each a link that scrolls to it. */
function BlockingList({ items }: { items: readonly ContentElement[] }) {
  const { t, i18n } = useTranslation('questions');
  const goTo = (event: MouseEvent, id: string) => {
    event.preventDefault();
    const target = document.getElementById(id);
    if (!target) return;
    scrollToStart(target);
    target.tabIndex = -1;
    target.focus({ preventScroll: true });
  };
  return (
    <div className="w-full text-sm text-gray-700" data-testid="barrier-blocking">
      <p className="font-medium">{t('barrier.blockedBy')}</p>
      <ul className="mt-1 list-disc ps-5">
        {items.map((item) => {
          const kind = kindNameOf(item.modelName, i18n.language);
          return (
            <li key={item.id}>
              <a href={`#${item.id}`} onClick={(event) => goTo(event, item.id)} className="inline-block py-1 text-primary-700 underline hover:text-primary-800">
                {blockingLabel(kind, elementLabelText(item))}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * "Kind: title", or the title alone when it names its kind already (a path titled "Lernpfad: Der Weg
 * des Wassers" is not listed as "Lernpfad: Lernpfad: …"), or the kind alone without a title.
 */
export function blockingLabel(kind: string, text: string): string {
  if (!text) return kind;
  const namesKind = text.toLocaleLowerCase().startsWith(kind.toLocaleLowerCase()) && !/^\p{L}/u.test(text.slice(kind.length));
  return namesKind ? text : `${kind}: ${text}`;
}

type BarrierActor = ActorRefFrom<typeof barrierMachine>;


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
  const { unlocked, canContinue, dataState } = useSelector(actor, connectBarrier, sameProps);
  const selectBlocking = useMemo(
    () =>
      fromProgress((progress, context) => {
        const entry = context.index.barriers.get(element.id);
        return entry ? blockingItems(entry, progress) : noItems;
      }),
    [element.id],
  );
  const blocking = useViewerSelector(selectBlocking, noItems, sameItems);
  const [announcement, setAnnouncement] = useState('');
  const unlock = () => {
    actor.send({ type: 'barrier.unlock' });
    // The revealed content renders on the next frame; then focus its first element and say so.
    requestAnimationFrame(() => {
      const frame = document.getElementById(element.id);
      const first = frame && frameAfter(frame);
      if (!first) return;
      first.tabIndex = -1;
      first.focus({ preventScroll: false });
      const label = first.querySelector('h1, h2, h3, h4, h5, h6, legend, [id^="title-"]')?.textContent?.trim();
      setAnnouncement(label ? t('barrier.revealed', { label }) : t('barrier.revealedUnnamed'));
    });
  };
  return (
    <section className="my-8 rounded-lg border-2 border-primary-200 bg-primary-50 p-5" data-state={dataState} aria-label={element.title}>
      {/* The author's text says what to do before continuing: once unlocked, the unlocked text replaces it. */}
      {!unlocked && element.content.trim() ? <SafeHtml html={element.content} className="mb-4" /> : null}
      {unlocked ? (
        element.unlockedContent.trim() ? <SafeHtml html={element.unlockedContent} role="status" /> : null
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="primary" isDisabled={!canContinue} onPress={unlock}>
            {element.buttonLabel || t('barrier.continue')}
          </Button>
          <span className="text-sm text-gray-600">{canContinue ? t('barrier.hintReady') : t('barrier.hintLocked')}</span>
          {!canContinue && blocking.length ? <BlockingList items={blocking} /> : null}
        </div>
      )}
      <p aria-live="polite" className="sr-only" data-testid="barrier-announcement">
        {announcement}
      </p>
    </section>
  );
}

/**
 * The element frame drawn right after `frame` on its page: its next sibling, or, for the last of a group, the
 * first of the next group (paint/elementGroups.ts): what the barrier reveals.
 */
function frameAfter(frame: Element): HTMLElement | null {
  const group = frame.parentElement?.classList.contains(GROUP_CLASS) ? frame.parentElement : null;
  const next = frame.nextElementSibling ?? group?.nextElementSibling?.firstElementChild ?? null;
  return next instanceof HTMLElement ? next : null;
}
