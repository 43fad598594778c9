import { describe, expect, it } from 'vitest';
import { SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_LOOP_PAUSE_MS } from '../../../model/constants';
import { carouselMachine, type CarouselContext, type CarouselEvent } from '../../../src/kinds/imageGallery/carousel.machine';
import { walks } from '../../../src/kinds/imageGallery/imageGallery.walks';
import { ImageGallery } from '../../../model/elements';
import { componentPaths, coverage, drivePath, learnerVariants, stateLabel, timerEvents } from '../../support/componentWalk';
import { renderInViewer } from '../../support/elementInViewer';
import { CarouselLearner } from '../learners/carouselLearner';
import { texts } from '../texts';

/** The autoplay as a learner meets it: playing (waiting or about to wrap), paused while looked at, stopped, or off. */
const autoplayOf = (state: AnyMachineSnapshot) => stateLabel({ autoplay: (state.value as { autoplay: never }).autoplay });

// The walk waits for the named delays as a learner would.
const delays: Record<string, number> = { slideInterval: CAROUSEL_INTERVAL_MS, loopPause: CAROUSEL_LOOP_PAUSE_MS };
const delayOf = (type: string) => delays[type.split('.')[2]];

/*
 * What the gallery offers a learner: a dot per slide (the shared walk also goes to a sixth slide of
 * three), and the play button only once autoplay is stopped (while the pointer or focus pauses it,
 * the button still offers pause).
 */
const offers = (state: AnyMachineSnapshot, event: CarouselEvent) => {
  const { count } = state.context as CarouselContext;
  if (event.type === 'carousel.goto') return Number.isInteger(event.index) && event.index >= 0 && event.index < count;
  if (event.type === 'carousel.play') return autoplayOf(state) === 'autoplay.paused.stopped';
  return true;
};

/** Registers the walks of this machine (tests/components/elementWalks.test.tsx runs them all in one jsdom). */
export function carouselWalk(): void {
  for (const variant of learnerVariants(walks.carousel)) {
    // The shared walk gives the number of slides; the component needs a gallery of that many images.
    const { id, content } = (variant.input as { element: { id: string; content: unknown[] } }).element;
    const gallery = ImageGallery.parse({
      id, modelName: 'ImageGallery',
      content: content.map((_, i) => ({ id: `${id}-img-${i + 1}`, modelName: 'Image', asset: { file: `lake-${i + 1}.jpg` }, alt: `Lake ${i + 1}` })),
    });
    const total = gallery.content.length;

    describe(`image gallery (${variant.name}) driven by a learner along every shortest path`, () => {
      const walk = componentPaths(
        carouselMachine,
        { ...variant, input: { element: gallery }, events: [...variant.events, ...timerEvents(carouselMachine)] },
        { can: (state, event) => offers(state, event as CarouselEvent) },
      );
      const counted = coverage(`carousel (${variant.name})`, walk, 'autoplay timers walked on a simulated clock');

      for (const path of walk.paths) {
        it(`${path.title} [${path.lang}, ${path.via}]`, async () => {
          const text = texts[path.lang];
          // The autoplay runs on the actors' timers: a simulated clock lets the walk wait for them.
          const clock = new SimulatedClock();
          const view = renderInViewer([gallery], gallery.id, { lang: path.lang, clock });
          const learner = new CarouselLearner(view.user, view.root, path.via, text, clock);
          await drivePath(path, {
            actor: view.actor,
            key: variant.key,
            perform: async (raw: EventObject, before) => {
              if (raw.type.startsWith('xstate.after.')) return learner.wait(delayOf(raw.type));
              const event = raw as CarouselEvent;
              const wasPlaying = autoplayOf(before).startsWith('autoplay.playing');
              switch (event.type) {
                case 'carousel.hover':
                  return learner.lookAt();
                case 'carousel.leave':
                  return learner.lookAway();
                case 'carousel.pause':
                  return learner.pause();
                case 'carousel.play':
                  // Pressing play, the learner lets the gallery play on.
                  await learner.play();
                  return learner.lookAway();
                default:
                  if (event.type === 'carousel.next') await learner.next();
                  else if (event.type === 'carousel.prev') await learner.previous();
                  else await learner.goTo(event.index + 1);
                  // While it played, the learner turns away again after moving on.
                  if (wasPlaying) await learner.lookAway();
              }
            },
            sees: (state) => {
              const { index } = state.context as CarouselContext;
              const autoplay = autoplayOf(state);
              expect(learner.activeSlide()).toEqual({ label: text.slide(index + 1, total), othersHidden: true });
              if (total === 1) {
                expect(autoplay).toBe('autoplay.off');
                expect(learner.buttonNames()).toEqual([]);
                return;
              }
              expect(learner.counter()).toBe(`${index + 1} / ${total}`);
              expect(learner.currentDot()).toEqual([text.goToImage(index + 1)]);
              expect(learner.queryButton(autoplay === 'autoplay.paused.stopped' ? text.play : text.pause)).not.toBeNull();
              expect(learner.liveRegion()).toBe(autoplay.startsWith('autoplay.playing') ? 'off' : 'polite');
            },
          });
          counted.driven(path);
        });
      }
    });
  }
}
