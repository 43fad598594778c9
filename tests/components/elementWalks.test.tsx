// @vitest-environment jsdom
/*
 * Model-based tests of the element machines through their React components: for every machine, the
 * shortest paths of xstate/graph (one to every reachable state, plus one for each event no such
 * path takes) are driven by a learner with Testing Library and user-event, in German and English,
 * with the mouse and with the keyboard; after every step the test checks what the learner sees and
 * that the component's actor (spawned by a real viewer) is in the state the path says. Each machine
 * prints `states reached / paths driven`. One file on purpose: one jsdom and one module graph for
 * all walks keeps the run at a fraction of eleven files' time.
 */
import { assignmentWalk } from './walks/assignment';
import { barrierWalk } from './walks/barrier';
import { carouselWalk } from './walks/carousel';
import { certificateWalk } from './walks/certificate';
import { choiceWalk } from './walks/choice';
import { clozeWalk } from './walks/cloze';
import { foldableWalk } from './walks/foldable';
import { freeTextWalk } from './walks/freeText';
import { hotspotsWalk } from './walks/hotspots';
import { pathWalk } from './walks/path';
import { polygonWalk } from './walks/polygon';

choiceWalk();
clozeWalk();
freeTextWalk();
assignmentWalk();
polygonWalk();
barrierWalk();
certificateWalk();
pathWalk();
foldableWalk();
carouselWalk();
hotspotsWalk();
