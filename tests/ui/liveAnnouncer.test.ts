// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ANNOUNCE_DELAY_MS, announceAssertively, announcePolitely } from '../../src/ui/liveAnnouncer';

/*
 * The live regions: the page's html brings them, so screen readers know them before anything is said;
 * a document without them gets them on first use.
 */

afterEach(() => {
  document.body.innerHTML = '';
});

const said = () => new Promise((resolve) => setTimeout(resolve, ANNOUNCE_DELAY_MS + 20));
const regions = () => [...document.querySelectorAll('[aria-live]')].map((region) => `${region.id} ${region.getAttribute('aria-live')}: ${region.textContent}`);

describe('the live announcer', () => {
  it('says its messages in the regions of the page’s html, adding none', async () => {
    const page = new DOMParser().parseFromString(readFileSync('index.html', 'utf8'), 'text/html');
    document.body.replaceWith(document.importNode(page.body, true));
    expect(regions()).toEqual(['live-polite polite: ', 'live-assertive assertive: ']);
    announcePolitely('Answered correctly:\n  That is correct.');
    announceAssertively('Connection lost.');
    await said();
    expect(regions()).toEqual(['live-polite polite: Answered correctly: That is correct.', 'live-assertive assertive: Connection lost.']);
  });

  it('adds a region on first use where the page has none, and says a message again after clearing it', async () => {
    announcePolitely('Saved');
    expect(regions()).toEqual(['live-polite polite: ']);
    await said();
    expect(regions()).toEqual(['live-polite polite: Saved']);
    announcePolitely('Saved');
    expect(regions()).toEqual(['live-polite polite: ']);
    await said();
    expect(regions()).toEqual(['live-polite polite: Saved']);
  });
});
