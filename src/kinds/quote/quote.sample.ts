import type { ElementInput, FloorSample, MixEntry, SampleSource } from '../../../scripts/bench/sampleSource';

export function generateQuote(g: SampleSource): ElementInput {
  return { modelName: 'Quote', id: g.id('quote'), text: g.sentence(8, 8), author: g.title() };
}

export const mix: MixEntry[] = [{ name: 'Quote', head: [10], weight: 3, cost: 1, make: generateQuote }];

export const floor: FloorSample<'Quote'> = {
  modelName: 'Quote',
  html: (e, { esc }) => `<figure class="quote"><blockquote><p>“${esc(e.text)}”</p></blockquote><figcaption>— ${esc(e.author)}</figcaption></figure>`,
};
