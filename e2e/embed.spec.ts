import { expect, test } from './support/transitions';
import { demoShares, sharePath } from './support/demoShares';

type Message = { type?: unknown; value?: unknown };

test('in a frame, the viewer posts its progress to the host page, and nothing personal', async ({ page, request, baseURL }) => {
  const { material: share } = await demoShares(request);
  await page.setContent('<!doctype html><title>Host</title><h1>Schul-Website</h1>');
  await page.evaluate(() => {
    (window as unknown as { received: Message[] }).received = [];
    window.addEventListener('message', (event) => (window as unknown as { received: Message[] }).received.push(event.data as Message));
  });
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.style.width = '1000px';
    frame.style.height = '800px';
    document.body.append(frame);
  }, `${baseURL}${sharePath(share, 'wasserkreislauf/')}`);
  const frame = page.frameLocator('iframe');

  const received = () => page.evaluate(() => (window as unknown as { received: Message[] }).received);
  await expect.poll(async () => (await received()).length).toBeGreaterThan(0);
  expect((await received())[0]).toEqual({ type: 'lernwerk:progress', value: 0 });

  const question = frame.locator('[id="kap1-frage-suesswasser"]');
  await question.getByText('etwa 2,5 Prozent', { exact: true }).click();
  await question.getByRole('button', { name: 'Auswerten' }).click();
  await expect(question.getByRole('button', { name: 'Antwort bearbeiten' })).toBeVisible();

  await expect.poll(async () => (await received()).at(-1)?.value).toBeGreaterThan(0);
  for (const message of await received()) {
    expect(Object.keys(message).sort()).toEqual(['type', 'value']);
    expect(message.type).toBe('lernwerk:progress');
    expect(typeof message.value).toBe('number');
  }
});
