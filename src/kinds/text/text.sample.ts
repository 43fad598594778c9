import type { ElementInput, FloorSample, MixEntry, SampleSource } from '../../../scripts/bench/sampleSource';

/** A text of one paragraph, a quarter of them two. */
export function generateText(g: SampleSource): ElementInput {
  const html = g.random() < 0.25 ? `${g.paragraphHtml()}${g.paragraphHtml()}` : g.paragraphHtml();
  return { modelName: 'Text', id: g.id('text'), size: 'p-regular', content: { html } };
}

export const mix: MixEntry[] = [{ name: 'Text', head: [1, 4], weight: 34, cost: 1, make: generateText }];

export const floor: FloorSample<'Text'> = { modelName: 'Text', html: (e) => e.content.html };
