import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { ActorRefFrom } from 'xstate';
import { HOTSPOT_POPUP_MAX_HEIGHT, HOTSPOT_POPUP_WIDTH } from '../../../model/constants';
import { hotspotsMachine } from './hotspots.machine';
import { connectHotspots, spotState } from './hotspots.connect';
import { sameProps } from '../../../machines/connect';
import type { ElementOf } from '../../../model/elements';
import { Button } from '../../ui/Button';
import { useOverlay } from '../../ui/useOverlay';
import { SafeHtml } from '../../../paint/SafeHtml';
import type { ElementProps } from '../../../paint/elementProps';
import { AssetImage } from '../../../paint/AssetImage';
import { ElementActor } from '../../elements/static/ElementActor';
import { pressTarget } from '../../../paint/pressTarget';
import { spotPress } from '../../../model/pressKeys';
import { useElementHeadingLevel } from '../../elements/static/elementHeadingLevel';
import { frameRatio } from '../../../paint/imageRatio';
import { proseClasses } from '../../../paint/proseClasses';
import { Icon } from '../../../paint/Icon';
import { withTooltip } from '../../ui/withTooltip';
import { HOTSPOT_TEXTS } from './hotspot.texts';

/** The kind's chart comes with its view: the viewer spawns it for each element (src/elements/registry.ts registers it when this module loads). */
export { kindMachine } from './hotspots.machine';

type HotspotData = ElementOf<'Hotspot'>;
type Spot = HotspotData['elements'][number];
type HotspotsActor = ActorRefFrom<typeof hotspotsMachine>;


/** An image with numbered spots; one popup at a time, previous/next wrap, Escape closes (spec section 4). */
export function HotspotElement({ element }: ElementProps<HotspotData>) {
  return (
    <ElementActor id={element.id} machine={hotspotsMachine} input={{ element }}>
      {(actor) => <HotspotView element={element} actor={actor} />}
    </ElementActor>
  );
}

function HotspotView({ element, actor }: { element: HotspotData; actor: HotspotsActor }) {
  const { t } = useTranslation(HOTSPOT_TEXTS);
  const { openSpotId } = useSelector(actor, connectHotspots, sameProps);
  const markers = useRef(new Map<string, HTMLButtonElement>());
  const frameRef = useRef<HTMLDivElement>(null);
  const popupId = useId();
  const total = element.elements.length;
  const openIndex = element.elements.findIndex((spot) => spot.id === openSpotId);
  const openSpot = openIndex >= 0 ? element.elements[openIndex] : null;

  const close = () => {
    if (openSpotId) markers.current.get(openSpotId)?.focus();
    actor.send({ type: 'hotspot.close' });
  };

  // The popup is an overlay (spec section 4): Escape or a press outside the image closes it, and so does another popup opening.
  const { open: openOverlay, close: closeOverlay } = useOverlay(`hotspot:${element.id}`, 'dropdown', {
    refs: [frameRef],
    onDismiss: (reason) => (reason === 'escape' ? close() : actor.send({ type: 'hotspot.close' })),
  });
  useEffect(() => {
    if (openSpotId) openOverlay();
    else closeOverlay();
  }, [openSpotId, openOverlay, closeOverlay]);

  return (
    <figure className="my-4" aria-label={element.title || t('label')}>
      <div ref={frameRef} className="relative">
        <AssetImage asset={element.asset} alt={element.asset.licenseTitle ?? ''} ratio={frameRatio(element.ratio, undefined, element.asset)} className="rounded-lg" />
        {element.elements.map((spot, i) => (
          <button
            key={spot.id}
            type="button"
            ref={(node) => {
              if (node) markers.current.set(spot.id, node);
              else markers.current.delete(spot.id);
            }}
            aria-label={t('marker', { n: i + 1, title: spot.title })}
            aria-expanded={spot.id === openSpotId}
            aria-controls={spot.id === openSpotId ? popupId : undefined}
            data-state={spotState(openSpotId, spot.id)}
            {...pressTarget(spotPress(spot.id))}
            onClick={() => actor.send(spot.id === openSpotId ? { type: 'hotspot.close' } : { type: 'hotspot.open', spotId: spot.id })}
            className="absolute flex size-8 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-primary-600 text-sm font-bold text-white shadow-lg ring-primary-300 transition hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 data-[state=open]:bg-primary-800 data-[state=open]:ring-4 motion-reduce:transition-none"
            style={{ left: `${spot.x * 100}%`, top: `${spot.y * 100}%` }}
          >
            {i + 1}
          </button>
        ))}
        {openSpot ? (
          <SpotPopup
            id={popupId}
            spot={openSpot}
            position={openIndex + 1}
            total={total}
            showOrder={element.order}
            onClose={close}
            onPrevious={() => actor.send({ type: 'hotspot.prev' })}
            onNext={() => actor.send({ type: 'hotspot.next' })}
          />
        ) : null}
      </div>
      {element.caption ? <SafeHtml as="figcaption" html={element.caption} className={`mt-2 text-sm text-gray-600 ${proseClasses}`} /> : null}
    </figure>
  );
}

type SpotPopupProps = {
  id: string;
  spot: Spot;
  position: number;
  total: number;
  showOrder: boolean;
  onClose: () => void;
  onPrevious: () => void;
  onNext: () => void;
};

function SpotPopup({ id, spot, position, total, showOrder, onClose, onPrevious, onNext }: SpotPopupProps) {
  const { t } = useTranslation(HOTSPOT_TEXTS);
  const ref = useRef<HTMLDivElement>(null);
  const titleId = `${id}-title`;
  const Title = `h${useElementHeadingLevel()}` as const;

  useEffect(() => {
    ref.current?.focus();
  }, [spot.id]);

  // The popup sits below spots in the upper half, above the others, and slides along x so it stays inside the image.
  const vertical = spot.y < 0.5 ? { top: `calc(${spot.y * 100}% + 1.5rem)` } : { bottom: `calc(${(1 - spot.y) * 100}% + 1.5rem)` };

  return (
    <div
      ref={ref}
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-spot={spot.id}
      className="absolute z-20 flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white text-start shadow-xl outline-none focus-visible:ring-2 focus-visible:ring-primary-600"
      style={{ ...vertical, left: `${spot.x * 100}%`, transform: `translateX(-${spot.x * 100}%)`, width: HOTSPOT_POPUP_WIDTH, maxWidth: '100%', maxHeight: HOTSPOT_POPUP_MAX_HEIGHT }}
    >
      <div className="flex items-start gap-2 border-b border-gray-100 px-4 pt-3 pb-2">
        <Title id={titleId} className="flex-1 text-base font-semibold text-gray-900">
          {spot.title}
        </Title>
        <Button variant="icon" aria-label={t('close')} onPress={onClose} {...withTooltip} className="-mt-1 -me-2 shrink-0">
          <Icon name="close" className="size-4" />
        </Button>
      </div>
      <SafeHtml html={spot.content} className={`min-h-0 flex-1 overflow-y-auto px-4 py-3 text-sm ${proseClasses}`} />
      {total > 1 ? (
        <div className="flex items-center justify-between gap-2 border-t border-gray-100 px-2 py-1.5">
          <Button variant="icon" onPress={onPrevious} aria-label={t('previous')} {...withTooltip}>
            <Icon name="chevron-left" className="size-5" />
          </Button>
          {showOrder ? <span className="text-xs text-gray-600 tabular-nums">{t('of', { n: position, total })}</span> : null}
          <Button variant="icon" onPress={onNext} aria-label={t('next')} {...withTooltip}>
            <Icon name="chevron-right" className="size-5" />
          </Button>
        </div>
      ) : null}
    </div>
  );
}
