/**
 * Chromium's flags for every browser run of the project: the end-to-end tests (playwright.config.ts) and the
 * bench (scripts/bench). The last turns off the browser's own omnibox popup: headless Chromium 156 loaded it, a
 * page of some 400 module scripts, in a new browser context beside the page under test, on this machine's two
 * cores (a trace of one cold bench load, the third context of its run: 405 of its requests, 21,000 of its 34,000
 * trace events).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];
