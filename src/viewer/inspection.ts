import { useEffect } from 'react';
import type { InspectionEvent } from 'xstate';
import type { LiveActors } from './inspector';

/*
 * XState inspection of the viewer's actors, for testers (a panel of live actors and their states)
 * and for the end-to-end run (every transition taken, for `npm run coverage:paths`).
 *
 * - Panel: the URL has `?inspect=1` AND the build allows it: always in `vite` dev builds, in a
 *   production build only when built with `VITE_INSPECT=1`. Off by default; the panel's code is a
 *   lazy chunk that a production build without the switch leaves out.
 * - Recording: when the page defines `window.__lernwerkTransitions` as an array before the app
 *   starts (the Playwright fixture e2e/support/transitions.ts does, by an init script), every
 *   microstep is pushed there. Nobody else defines it, so nothing is recorded for learners.
 * Without either, `viewerInspector` is undefined and actors run without inspection, and the
 * observer (./inspector.ts) is never loaded.
 */

export type { LiveActor, RecordedTransition } from './inspectionTypes';

/** Whether this build may show the panel (the URL still has to ask with `?inspect=1`). */
export const INSPECT_PANEL_ALLOWED: boolean = import.meta.env.DEV || import.meta.env.VITE_INSPECT === '1';

type Inspector = (event: InspectionEvent) => void;

const panelRequested = typeof window !== 'undefined' && INSPECT_PANEL_ALLOWED && new URLSearchParams(window.location.search).get('inspect') === '1';
const recording = typeof window !== 'undefined' && Array.isArray(window.__lernwerkTransitions) ? window.__lernwerkTransitions : undefined;

/*
 * The observer (./inspector.ts) is a chunk of its own, requested at once when something inspects.
 * Events that come before it is there wait in `early` and go to it in order: snapshots are immutable,
 * so it records exactly what it would have recorded live. Resolves with the panel's store of live
 * actors when the panel was asked for.
 */
let inspector: Inspector | undefined;
const early: InspectionEvent[] = [];
const inspectorLoaded: Promise<LiveActors | undefined> | undefined =
  recording || panelRequested
    ? import('./inspector').then(({ createInspector, LiveActors }) => {
        const live = panelRequested ? new LiveActors() : undefined;
        inspector = createInspector({ record: recording, live });
        for (const event of early.splice(0)) inspector(event);
        return live;
      })
    : undefined;

/** Pass as `inspect` to every actor the viewer creates; undefined when nothing inspects. */
export const viewerInspector: Inspector | undefined = inspectorLoaded
  ? (event) => {
      if (inspector) inspector(event);
      else early.push(event);
    }
  : undefined;

/** Components that asked for the panel and are mounted; the panel shows once, while there is any. */
let panelUsers = 0;
let unmountPanel: (() => void) | undefined;

/**
 * The `inspect` option for the viewer's actors (`useActorRef(machine, { input, inspect: useViewerInspection() })`);
 * with `?inspect=1` allowed it also shows the panel (one, however many components call this) while one is mounted.
 */
export function useViewerInspection(): typeof viewerInspector {
  useEffect(() => {
    // Spelled out (not INSPECT_PANEL_ALLOWED) so a production build without the switch drops the panel chunk.
    if (!(import.meta.env.DEV || import.meta.env.VITE_INSPECT === '1') || !panelRequested || !inspectorLoaded) return;
    panelUsers += 1;
    if (panelUsers === 1 && !unmountPanel) {
      void Promise.all([inspectorLoaded, import('./InspectPanel')]).then(([live, { mountInspectPanel }]) => {
        if (panelUsers > 0 && live && !unmountPanel) unmountPanel = mountInspectPanel(live);
      });
    }
    return () => {
      panelUsers -= 1;
      if (panelUsers > 0 || !unmountPanel) return;
      // The panel is a root of its own: unmount it after this commit, not while React is committing.
      const unmount = unmountPanel;
      unmountPanel = undefined;
      queueMicrotask(unmount);
    };
  }, []);
  return viewerInspector;
}
