import type { ElementInput, FloorSample, MixEntry, SampleSource } from '../../../scripts/bench/sampleSource';
import { generateImage } from '../image/image.sample';
import { generateText } from '../text/text.sample';

/** A folded foldable around `content`. */
export function generateFoldable(g: SampleSource, content: ElementInput[]): ElementInput {
  return { modelName: 'Foldable', id: g.id('foldable'), title: g.title(), folded: true, content };
}

/** In the mix it holds a text and an image: three page elements. */
export const mix: MixEntry[] = [{ name: 'Foldable', head: [13], weight: 3, cost: 3, make: (g) => generateFoldable(g, [generateText(g), generateImage(g)]) }];

export const floor: FloorSample<'Foldable'> = {
  modelName: 'Foldable',
  html: (e, { esc, list }) => `<details><summary>${esc(e.title)}</summary>${list(e.content)}</details>`,
};
