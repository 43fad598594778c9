import type { ElementInput, FloorSample, MixEntry, SampleSource } from '../../../scripts/bench/sampleSource';

export function generateSeparator(g: SampleSource): ElementInput {
  return { modelName: 'Separator', id: g.id('separator') };
}

export const mix: MixEntry[] = [{ name: 'Separator', head: [12], weight: 3, cost: 1, make: generateSeparator }];

export const floor: FloorSample<'Separator'> = { modelName: 'Separator', html: () => '<hr>' };
