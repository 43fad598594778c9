import type { ElementInput, FloorSample, MixEntry, SampleSource } from '../../../scripts/bench/sampleSource';
import { generateText } from '../text/text.sample';

/** A highlighted panel around `content`. */
export function generateHighlighted(g: SampleSource, content: ElementInput[]): ElementInput {
  return { modelName: 'HighlightedElement', id: g.id('highlight'), style: 'flow', content };
}

/** In the mix it holds a text: two page elements. */
export const mix: MixEntry[] = [{ name: 'Highlighted', head: [14], weight: 2, cost: 2, make: (g) => generateHighlighted(g, [generateText(g)]) }];

export const floor: FloorSample<'HighlightedElement'> = { modelName: 'HighlightedElement', html: (e, { list }) => `<aside class="panel">${list(e.content)}</aside>` };
