import type { ElementInput, FloorSample, MixEntry, SampleSource } from '../../../scripts/bench/sampleSource';

export function generateHeading(g: SampleSource, level = 2): ElementInput {
  return { modelName: 'Heading', id: g.id('heading'), level, content: { html: g.title() } };
}

export const mix: MixEntry[] = [{ name: 'Heading', head: [0], weight: 9, cost: 1, make: (g) => generateHeading(g) }];

export const floor: FloorSample<'Heading'> = { modelName: 'Heading', html: (e) => `<h${e.level}>${e.content.html}</h${e.level}>` };
