import type { ElementInput, FloorSample, MixEntry, SampleSource } from '../../../scripts/bench/sampleSource';
import { generateImage } from '../image/image.sample';
import { generateText } from '../text/text.sample';

/** A text on the left, an image on the right: three page elements. */
export function generateColumns(g: SampleSource): ElementInput {
  return { modelName: 'Columns', id: g.id('columns'), ratio: 0.5, left: [generateText(g)], right: [generateImage(g)] };
}

export const mix: MixEntry[] = [{ name: 'Columns', head: [15], weight: 2, cost: 3, make: generateColumns }];

export const floor: FloorSample<'Columns'> = {
  modelName: 'Columns',
  html: (e, { list }) => `<div class="columns"><div>${list(e.left)}</div><div>${list(e.right)}</div></div>`,
};
