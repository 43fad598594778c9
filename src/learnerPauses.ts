/*
 * Running the app's modules is one task that cannot be split (about 40 ms here, four times that on a slow
 * phone), and taking the server's first paint over keeps the main thread busy for a few hundred ms more.
 * A learner answering in that paint meanwhile (its early forms answer without the app) would wait for each
 * press. So under a drawn first paint the page's entry (src/boot.ts) runs the app's code once it has
 * arrived and the learner's hands rest: no press and no key for LEARNER_PAUSE_MS. A learner who does not
 * press loses nothing (the code runs when it is there), and the app never waits longer than
 * APP_HOLD_LIMIT_MS: the first paint does not save, track or count what is done in it.
 */

/** How long no press and no key must have come before the app's code runs (ms). */
export const LEARNER_PAUSE_MS = 150;
/** The longest the app's code waits, from the first paint on, for its arrival and for a pause (ms). */
export const APP_HOLD_LIMIT_MS = 2000;

type PauseWindow = Pick<Window, 'addEventListener' | 'setTimeout' | 'performance'>;

let lastPress = -Infinity;

/** Notes when the learner last pressed or typed on the page (the entry installs it first). */
export function watchPresses(win: PauseWindow): void {
  const note = (event: Event) => (lastPress = event.timeStamp);
  win.addEventListener('pointerdown', note, true);
  win.addEventListener('keydown', note, true);
}

/**
 * Resolves once every one of `appCode` (the modulepreload links of the app's own chunks) has loaded or
 * failed and the learner paused; at the latest APP_HOLD_LIMIT_MS from now (a browser without
 * modulepreload fires neither event).
 */
export async function appCodeInAPause(win: PauseWindow, appCode: Iterable<HTMLLinkElement>): Promise<void> {
  const sleep = (ms: number) => new Promise((done) => win.setTimeout(done, ms));
  const limit = win.performance.now() + APP_HOLD_LIMIT_MS;
  await Promise.race([Promise.all([...appCode].map((link) => new Promise((done) => (link.onload = link.onerror = done)))), sleep(APP_HOLD_LIMIT_MS)]);
  for (let wait; (wait = Math.min(lastPress + LEARNER_PAUSE_MS, limit) - win.performance.now()) > 0; ) await sleep(wait);
}
