/**
 * Chromium's flags for every browser run of the project: the end-to-end tests (playwright.config.ts) and the
 * bench (scripts/bench). The last turns off the browser's own omnibox popup: Chromium 156 loads it, a page of
 * some 400 module scripts, with every new window, headless too, and on this machine's two cores it ran beside
 * every page that was tested or measured (a trace of one bench load: 405 of its requests, 21,000 of its
 * 34,000 trace events).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];
