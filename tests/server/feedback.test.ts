import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Material } from '../../model/material';
import { requestFeedback } from '../../server/feedback/chatCompletions';
import { importFile } from '../../server/store/import';
import { embeddedPageData, useTestApp } from './app';
import { fakeProvider } from './fakeChatProvider';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { smallMaterial } from './fixtures';

const freeText = (id: string, useGenerativeFeedback: boolean) => ({
  modelName: 'FreeTextInput' as const,
  id,
  instructions: { html: '<p>Warum <b>trocknet</b> eine Pfütze?</p>' },
  feedback: { html: '<p>Verdunstung durch Sonnenenergie</p>' },
  useGenerativeFeedback,
});
const material = Material.parse({ ...smallMaterial('fb'), content: [freeText('ft-gen', true), freeText('ft-static', false)] });
const other = Material.parse({ ...smallMaterial('other'), content: [freeText('ft-other', true)] });

const provider = fakeProvider();
let baseUrl = '';
beforeAll(async () => {
  baseUrl = await provider.start();
});
afterAll(() => provider.stop());

describe.each(testDatabaseKinds)('generated free-text feedback on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db, { feedbackProvider: { get baseUrl() { return baseUrl; }, model: 'tiny', apiKey: 'k-123', timeoutMs: 5000 } });
  const post = (body: unknown) => a.app.inject({ method: 'POST', url: '/api/taskbase/feedback/', payload: body as object });

  it('forwards the answer with the exercise to the provider and answers ok, feedback, correct', async () => {
    const { share } = await importFile(t.db, material, { share: 'public' });
    provider.answer({ status: 200, content: '{"feedback":"Gut: Verdunstung genannt.","correct":true}' });
    const res = await post({ share: share.publicId, elementId: 'ft-gen', userAnswer: 'Die Sonne lässt das Wasser verdunsten.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true, feedback: 'Gut: Verdunstung genannt.', correct: true } });
    const sent = provider.received.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer k-123');
    expect(sent.body.model).toBe('tiny');
    const user = sent.body.messages.find((m) => m.role === 'user')!.content;
    expect(user).toContain('Warum trocknet eine Pfütze?');
    expect(user).toContain('Verdunstung durch Sonnenenergie');
    expect(user).toContain('Die Sonne lässt das Wasser verdunsten.');
    // German feedback says "du", as the interface and the content do.
    const system = sent.body.messages.find((m) => m.role === 'system')!.content;
    expect(system).toContain('German');
    expect(system).toContain('"du"');

    const page = embeddedPageData((await a.app.inject({ url: `/s/${share.publicId}/` })).body);
    expect(page.featureFlags.GENERATIVE_FEEDBACK).toBe(true);
  });

  it('answers 502 when the provider fails, and refuses what it must not forward', async () => {
    const { share } = await importFile(t.db, material, { share: 'public' });
    const { share: otherShare } = await importFile(t.db, other, { share: 'public' });
    provider.answer({ status: 500, content: null });
    const count = provider.received.length;
    expect((await post({ share: share.publicId, elementId: 'ft-gen', userAnswer: 'x' })).statusCode).toBe(502);
    expect((await post({ share: share.publicId, elementId: 'ft-static', userAnswer: 'x' })).statusCode).toBe(409);
    // An element of another share's material answers exactly like one that does not exist (issue 14).
    const elsewhere = await post({ share: otherShare.publicId, elementId: 'ft-gen', userAnswer: 'x' });
    const nowhere = await post({ share: share.publicId, elementId: 'nope', userAnswer: 'x' });
    expect([elsewhere.statusCode, elsewhere.body]).toEqual([404, nowhere.body]);
    expect(nowhere.statusCode).toBe(404);
    const bad = await post({ share: share.publicId, elementId: 'ft-gen', userAnswer: '   ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'userAnswer', message: 'an answer is required' }]);
    expect(provider.received.length).toBe(count + 1);
  });
});

describe.each(testDatabaseKinds)('without a feedback provider on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db, { feedbackProvider: null });
  it('answers 503 and the page data says generated feedback is off', async () => {
    const { share } = await importFile(t.db, material, { share: 'public' });
    const res = await a.app.inject({ method: 'POST', url: '/api/taskbase/feedback/', payload: { share: share.publicId, elementId: 'ft-gen', userAnswer: 'x' } });
    expect(res.statusCode).toBe(503);
    expect(embeddedPageData((await a.app.inject({ url: `/s/${share.publicId}/` })).body).featureFlags.GENERATIVE_FEEDBACK).toBe(false);
  });
});

describe('chat-completions client', () => {
  it('takes prose as feedback when the model does not answer JSON, and times out', async () => {
    provider.answer({ status: 200, content: 'Fast richtig – denk an die Sonne.' });
    const task = { instructions: 'i', expectation: '', answer: 'a', lang: 'de' as const };
    await expect(requestFeedback({ baseUrl, model: 'm', timeoutMs: 5000 }, task)).resolves.toEqual({ feedback: 'Fast richtig – denk an die Sonne.' });
    await expect(requestFeedback({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 1000 }, task)).rejects.toThrow(/unreachable/);
  });
});
