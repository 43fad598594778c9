import { describe, expect, it } from 'vitest';
import { hotspotsMachine, type HotspotsEvent } from '../../../src/kinds/hotspot/hotspots.machine';
import { walks } from '../../../src/kinds/hotspot/hotspot.walks';
import { Hotspot } from '../../../model/elements';
import { componentPaths, coverage, drivePath, learnerVariants } from '../../support/componentWalk';
import { renderInViewer } from '../../support/elementInViewer';
import { HotspotsLearner } from '../learners/hotspotsLearner';
import { texts } from '../texts';

const [variant] = learnerVariants(walks.hotspots);
// The shared walk's spot ids; the component needs the whole element around them.
const { id, elements } = (variant.input as { element: { id: string; elements: { id: string }[] } }).element;
const titles = ['Zurich', 'Bern', 'Geneva'];
const hotspot = Hotspot.parse({
  id, modelName: 'Hotspot', asset: { file: 'map.png', licenseTitle: 'Map' }, order: true,
  elements: elements.map((spot, index) => ({ id: spot.id, x: 0.2 + index * 0.3, y: 0.3 + index * 0.2, title: titles[index], content: `<p>About ${titles[index]}</p>` })),
});
const spots = hotspot.elements;

// Only the spots on the image can be opened (the shared walk also names an unknown one, which the model ignores).
const events = variant.events.filter((raw) => {
  const event = raw as HotspotsEvent;
  return event.type !== 'hotspot.open' || spots.some((spot) => spot.id === event.spotId);
});

/** Registers the walks of this machine (tests/components/elementWalks.test.tsx runs them all in one jsdom). */
export function hotspotsWalk(): void {
  describe('hotspots driven by a learner along every shortest path', () => {
    const walk = componentPaths(hotspotsMachine, { ...variant, input: { element: hotspot }, events });
    const counted = coverage('hotspots', walk);

    for (const path of walk.paths) {
      it(`${path.title} [${path.lang}, ${path.via}]`, async () => {
        const text = texts[path.lang];
        const view = renderInViewer([hotspot], hotspot.id, { lang: path.lang });
        const learner = new HotspotsLearner(view.user, view.root, path.via, text);
        await drivePath(path, {
          actor: view.actor,
          key: variant.key,
          perform: async (raw, before) => {
            const event = raw as HotspotsEvent;
            if (event.type === 'hotspot.open') {
              const index = spots.findIndex((spot) => spot.id === event.spotId);
              return learner.openSpot(index + 1, spots[index].title);
            }
            if (event.type === 'hotspot.next') return learner.next();
            if (event.type === 'hotspot.prev') return learner.previous();
            await learner.close();
            // The focus goes back to the marker of the spot that was open.
            const was = spots.findIndex((spot) => spot.id === (before.context as { openSpotId: string | null }).openSpotId);
            expect(document.activeElement).toBe(learner.marker(was + 1, spots[was].title));
          },
          sees: (state) => {
            const openId = (state.context as { openSpotId: string | null }).openSpotId;
            const open = spots.findIndex((spot) => spot.id === openId);
            expect(learner.markers().map((marker) => marker.getAttribute('aria-expanded'))).toEqual(spots.map((_, i) => String(i === open)));
            if (open < 0) {
              expect(learner.popup()).toBeNull();
              return;
            }
            expect(learner.popupTitle()).toBe(spots[open].title);
            expect(learner.popupText()).toContain(`About ${spots[open].title}`);
            // The order flag shows "n of total".
            expect(learner.popupText()).toContain(text.hotspotOf(open + 1, spots.length));
            // The popup takes the focus, so the keyboard continues inside it.
            expect(document.activeElement).toBe(learner.popup());
          },
        });
        counted.driven(path);
      });
    }
  });
}
