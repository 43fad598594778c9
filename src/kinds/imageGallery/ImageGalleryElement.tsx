import { useSelector } from '@xstate/react';
import { whenMotionReduced } from '../../ui/whenMotionReduced';
import { useEffect, useId, useRef, type CSSProperties, type FocusEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { ActorRefFrom } from 'xstate';
import { GALLERY_TRANSITION_MS } from '../../../model/constants';
import { carouselMachine } from './carousel.machine';
import { connectCarousel, slideState } from './carousel.connect';
import { sameProps } from '../../../machines/connect';
import type { ElementOf } from '../../../model/elements';
import { Button } from '../../ui/Button';
import { SafeHtml } from '../../../paint/SafeHtml';
import type { ElementProps } from '../../../paint/elementProps';
import { AssetImage } from '../../../paint/AssetImage';
import { ElementActor } from '../../elements/static/ElementActor';
import { imageAlt } from '../image/ImageElement.paint';
import { frameRatio } from '../../../paint/imageRatio';
import { proseClasses } from '../../../paint/proseClasses';
import { Icon } from '../../../paint/Icon';
import { withTooltip } from '../../ui/withTooltip';
import { IMAGE_GALLERY_TEXTS } from './imageGallery.texts';

/** The kind's chart comes with its view: the viewer spawns it for each element (src/elements/registry.ts registers it when this module loads). */
export { kindMachine } from './carousel.machine';

type GalleryData = ElementOf<'ImageGallery'>;
type CarouselActor = ActorRefFrom<typeof carouselMachine>;


/** A gallery of images as a carousel (spec sections 4 and 9). */
export function ImageGalleryElement({ element }: ElementProps<GalleryData>) {
  return (
    <ElementActor id={element.id} machine={carouselMachine} input={{ element }}>
      {(actor) => <GalleryView element={element} actor={actor} />}
    </ElementActor>
  );
}

function GalleryView({ element, actor }: { element: GalleryData; actor: CarouselActor }) {
  const { t } = useTranslation(IMAGE_GALLERY_TEXTS);
  const { index, autoplay } = useSelector(actor, connectCarousel, sameProps);
  const rootRef = useRef<HTMLElement>(null);
  const slidesId = useId();
  const total = element.content.length;
  const several = total > 1;

  // Learners who ask for reduced motion (here or in the system) start with autoplay stopped, and it stops when they ask later.
  useEffect(() => (several ? whenMotionReduced(() => actor.send({ type: 'carousel.pause' })) : undefined), [actor, several]);

  const holdsFocus = () => rootRef.current?.contains(document.activeElement) ?? false;
  const isHovered = () => rootRef.current?.matches(':hover') ?? false;
  const onBlur = (event: FocusEvent) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null) && !isHovered()) actor.send({ type: 'carousel.leave' });
  };

  return (
    <section
      ref={rootRef}
      aria-roledescription="carousel"
      aria-label={element.title || t('label')}
      data-autoplay={autoplay}
      className="my-4"
      onPointerEnter={() => actor.send({ type: 'carousel.hover' })}
      onPointerLeave={() => {
        if (!holdsFocus()) actor.send({ type: 'carousel.leave' });
      }}
      onFocus={() => actor.send({ type: 'carousel.hover' })}
      onBlur={onBlur}
    >
      <div className="relative overflow-hidden rounded-lg bg-gray-100">
        {/* The track moves by whole slides: to the left, or to the right where the page reads right to left. */}
        <div
          id={slidesId}
          aria-live={autoplay === 'playing' ? 'off' : 'polite'}
          className="flex translate-x-[calc(var(--slide)*-100%)] transition-transform ease-in-out motion-reduce:transition-none rtl:translate-x-[calc(var(--slide)*100%)]"
          style={{ '--slide': index, transitionDuration: `${GALLERY_TRANSITION_MS}ms` } as CSSProperties}
        >
          {element.content.map((image, i) => (
            // The slide is a div: axe forbids role="group" on a figure with a figcaption (WAI carousel pattern).
            <div
              key={image.id}
              role="group"
              aria-roledescription="slide"
              aria-label={t('slide', { n: i + 1, total })}
              aria-hidden={i !== index}
              inert={i !== index}
              data-state={slideState(index, i)}
              className="w-full shrink-0"
            >
              <figure className="m-0">
                <AssetImage
                  asset={image.asset}
                  alt={imageAlt(image)}
                  ratio={frameRatio(element.ratio, image.aspectRatio, image.asset) ?? 16 / 9}
                  fit={image.cropMode === 'crop' ? 'cover' : 'contain'}
                  eager={i === index}
                />
                {image.caption ? <SafeHtml as="figcaption" html={image.caption} className={`bg-white px-4 pt-2 text-sm text-gray-600 ${proseClasses}`} /> : null}
              </figure>
            </div>
          ))}
        </div>
        {several ? (
          <>
            <Button variant="overlay" {...withTooltip} aria-label={t('previous')} aria-controls={slidesId} onPress={() => actor.send({ type: 'carousel.prev' })} className="absolute top-1/2 start-2 -translate-y-1/2">
              <Icon name="chevron-left" className="size-5" />
            </Button>
            <Button variant="overlay" {...withTooltip} aria-label={t('next')} aria-controls={slidesId} onPress={() => actor.send({ type: 'carousel.next' })} className="absolute top-1/2 end-2 -translate-y-1/2">
              <Icon name="chevron-right" className="size-5" />
            </Button>
          </>
        ) : null}
      </div>
      {several ? (
        // Inset like the caption: the gallery may span the window's width, its controls keep off its edges.
        <div className="mt-3 flex items-center justify-between gap-3 px-2">
          <Button
            variant="icon"
            {...withTooltip}
            aria-label={autoplay === 'stopped' ? t('play') : t('pause')}
            onPress={() => actor.send({ type: autoplay === 'stopped' ? 'carousel.play' : 'carousel.pause' })}
          >
            <Icon name={autoplay === 'stopped' ? 'play' : 'pause'} className="size-4" />
          </Button>
          <div role="group" aria-label={t('dots')} className="flex flex-wrap justify-center gap-0.5">
            {element.content.map((image, i) => (
              <Button
                key={image.id}
                variant="quiet"
                aria-label={t('goTo', { n: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                onPress={() => actor.send({ type: 'carousel.goto', index: i })}
                // 24 × 24 px at least: the target size of WCAG 2.2 (2.5.8), the dot inside stays small.
                className="group/dot size-6 justify-center p-0!"
              >
                <span aria-hidden className={`block size-2.5 rounded-full transition-colors ${i === index ? 'bg-primary-600' : 'bg-gray-300 group-hover/dot:bg-gray-400'}`} />
              </Button>
            ))}
          </div>
          <span className="min-w-12 text-end text-sm text-gray-600 tabular-nums" data-testid="carousel-counter">
            {t('counter', { n: index + 1, total })}
          </span>
        </div>
      ) : null}
    </section>
  );
}
