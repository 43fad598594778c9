import './styles.css';
import { HELD_BACK_PRELOADS_ID } from '../model/pageIds';
import { afterFirstPaint } from './afterFirstPaint';
import { listenForStandInPresses } from './elements/dormant/pressReplay';
import { listenForEarlyAnswers } from './elements/early/earlyAnswers';
import { appCodeInAPause, watchPresses } from './learnerPauses';
import { warmBrowserData } from './warmBrowserData';
import { yieldToMain } from './yieldToMain';

/*
 * The page's entry: it decides when the app's code loads. Where the server drew a first paint (a
 * material page's shell: server/pages/shell.ts), it holds the app's module preloads back in
 * `<template id="app-preloads">` (server/pages/routePreloads.ts), and they go out once that paint is on
 * screen: fetching, compiling and running the modules shared the device's cores with the first
 * layout, and they run once they have arrived and the learner is not pressing (src/learnerPauses.ts).
 * Everywhere else the app loads at once. The page loads this script `async`, so that on a long
 * page the app's code travels while the rest of the html is parsed; the app starts once it has been.
 */
async function boot(): Promise<void> {
  // A choice pressed in the server's first paint, before the app runs, is ticked once the app shows it.
  listenForStandInPresses(document);
  // A question of that paint drawn as a form answers at once, and the app takes the answer over.
  listenForEarlyAnswers(document);
  watchPresses(window);
  const heldBack = document.getElementById(HELD_BACK_PRELOADS_ID);
  let appCode: Iterable<HTMLLinkElement> | undefined;
  if (heldBack instanceof HTMLTemplateElement) {
    await afterFirstPaint(window);
    appCode = heldBack.content.querySelectorAll('link[data-app]');
    document.head.append(heldBack.content);
  }
  // The learner may be answering in that paint: the app's code, and the locale data its modules read, wait for a
  // pause of their presses (the first use of the locale data alone took 15 ms here, 60 ms at times).
  if (appCode) {
    await appCodeInAPause(window, appCode);
    await warmBrowserData(window);
  } else {
    void warmBrowserData(window);
  }
  const [{ startApp }] = await Promise.all([import('./main'), documentParsed()]);
  // Running the app's modules was a task of its own; starting it is the next.
  await yieldToMain();
  await startApp();
}

function documentParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}

void boot();
