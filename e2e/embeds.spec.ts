import type { BrowserContext } from '@playwright/test';
import { saveGuestProgress } from './support/guest';
import { importShare } from './support/importShare';
import { suiteDataDir } from './support/e2ePort';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './support/transitions';

/*
 * Issue 13: each provider's embed as Chromium builds it from a link/embed element (spec section 9,
 * providers in order), with identity placeholders filled for a saved guest. Frames to the real
 * providers cannot load here, and nothing may leave this machine: every request to an address
 * outside loopback is answered by a stub page, and the test asserts none went out and which frames
 * asked. It checks the frame's src, allow, allowfullscreen, title and ratio.
 */

const VIDEO_ALLOW = 'fullscreen; picture-in-picture; encrypted-media; autoplay; clipboard-write; web-share';
const DEFAULT_ALLOW = 'fullscreen; picture-in-picture; encrypted-media';

const embeds = [
  { id: 'yt', url: 'https://youtu.be/dQw4w9WgXcQ?t=90', provider: 'youtube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90', allow: VIDEO_ALLOW, ratio: 16 / 9 },
  {
    id: 'yt-list',
    url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG',
    provider: 'youtube',
    src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG',
    allow: VIDEO_ALLOW,
    ratio: 16 / 9,
  },
  { id: 'quizlet', url: 'https://quizlet.com/123456789/biologie-zelle-flash-cards/', provider: 'quizlet', src: 'https://quizlet.com/123456789/flashcards/embed', allow: DEFAULT_ALLOW, ratio: 4 / 3 },
  { id: 'quizlet-scatter', url: 'https://quizlet.com/123456789/scatter/embed', provider: 'quizlet', src: 'https://quizlet.com/123456789/match/embed', allow: DEFAULT_ALLOW, ratio: 4 / 3 },
  { id: 'vimeo', url: 'https://vimeo.com/76979871#t=30s', provider: 'vimeo', src: 'https://player.vimeo.com/video/76979871#t=30s', allow: VIDEO_ALLOW, ratio: 16 / 9 },
  { id: 'h5p', url: 'https://h5p.org/node/1234', provider: 'h5p', src: 'https://h5p.org/h5p/embed/1234', allow: 'fullscreen; autoplay; clipboard-write', ratio: 4 / 3 },
  {
    id: 'snippet',
    url: '<iframe src="https://lms.example.org/embed/7" width="800" height="450" allow="camera; fullscreen" title="Quiz der Schule"></iframe>',
    provider: 'iframe',
    src: 'https://lms.example.org/embed/7',
    allow: 'fullscreen',
    ratio: 16 / 9,
    title: 'Quiz der Schule',
  },
  {
    id: 'plain',
    url: 'https://tool.example.org/start?user={{guestSessionUserName}}&mail={{email}}',
    provider: 'src',
    src: 'https://tool.example.org/start?user=Ada%20L%C3%B6wenherz&mail=no-email-available',
    allow: DEFAULT_ALLOW,
    ratio: 4 / 3,
  },
] as const;

const material = {
  modelName: 'Material',
  id: 'einbettungen',
  publicId: 'einbettungen',
  title: 'Einbettungen',
  evaluationType: 'composite',
  metadata: {},
  content: embeds.map(({ id, url }) => ({ modelName: 'Link', id: `link-${id}`, url, mode: 'embed' })),
};

/** Answers every request that would leave loopback with a stub page, and lists them. */
async function keepTrafficLocal(context: BrowserContext): Promise<string[]> {
  const stubbed: string[] = [];
  await context.route(
    (url) => !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname),
    async (route) => {
      stubbed.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Anbieter</title><p>Platzhalter des Anbieters</p>' });
    },
  );
  return stubbed;
}

test('each provider embed is built from its URL, in a frame with its permissions, title and ratio; placeholders carry the guest', async ({ page, context }) => {
  const errors = collectPageErrors(page);
  const stubbed = await keepTrafficLocal(context);
  const share = await importShare(material, suiteDataDir(), 'guest');
  await page.goto(`/s/${share}/`);
  const link = await saveGuestProgress(page, { firstName: 'Ada', lastName: 'Löwenherz' });
  await page.goto(link);
  await expect(page.getByTestId('guest-name')).toHaveText('Ada Löwenherz');

  for (const embed of embeds) {
    const frame = page.locator(`[id="link-${embed.id}"] iframe`);
    await frame.scrollIntoViewIfNeeded();
    await expect(frame, embed.id).toHaveAttribute('src', embed.src);
    await expect(frame, embed.id).toHaveAttribute('data-provider', embed.provider);
    await expect(frame, embed.id).toHaveAttribute('allow', embed.allow);
    await expect(frame, embed.id).toHaveAttribute('allowfullscreen', '');
    if ('title' in embed) await expect(frame, embed.id).toHaveAttribute('title', embed.title);
    else await expect(frame, embed.id).toHaveAttribute('title', /.+/);
    const box = (await frame.boundingBox())!;
    expect(box.width / box.height, embed.id).toBeCloseTo(embed.ratio, 1);
  }
  // The frames asked for their providers' pages, and only the stub answered them.
  await expect.poll(() => stubbed.length).toBeGreaterThanOrEqual(embeds.length);
  for (const embed of embeds) expect(stubbed, embed.id).toContain(embed.src.replace(/#.*$/, ''));
  expect(errors).toEqual([]);
});
