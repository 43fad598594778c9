/**
 * The bench's sample content, collected from the kinds' folders (`src/kinds/<kind>/<kind>.sample.ts`,
 * found on disk: scripts/kindFiles.ts): the generated mix in its order (the order is part of what a seed
 * generates: the entries by their first place in the head) and each kind's body on the static floor page.
 * A kind the generator does not emit has no entry; the floor shows its modelName.
 */
import type { ContentElement } from '../../model/elements';
import { importKindFiles } from '../kindFiles';
import type { FloorPage, FloorSample, MixEntry, ModelName } from './sampleSource';

const samples = (await importKindFiles<{ mix?: readonly MixEntry[]; floor?: FloorSample<ModelName> }>('.sample.ts')).map(({ module }) => module);

/** The mix after the head, by weight; questions are about a fifth of the elements. */
export const MIX: readonly MixEntry[] = samples.flatMap((sample) => sample.mix ?? []).sort((a, b) => Math.min(...a.head) - Math.min(...b.head));

/** The head of every material: each entry of the mix once (text twice), so even the 100-element page has every question type. */
export const HEAD: readonly MixEntry[] = headOf(MIX);

function headOf(mix: readonly MixEntry[]): MixEntry[] {
  const head: MixEntry[] = [];
  for (const entry of mix) {
    for (const place of entry.head) {
      if (head[place]) throw new Error(`kindSamples: ${entry.name} and ${head[place].name} both stand at ${place} of the head`);
      head[place] = entry;
    }
  }
  const gap = Array.from(head.keys()).find((place) => !head[place]);
  if (gap !== undefined) throw new Error(`kindSamples: no entry of the mix stands at ${gap} of the head`);
  return head;
}

type FloorHtml = (element: ContentElement, page: FloorPage) => string;
const floorEntry = <M extends ModelName>(sample: FloorSample<M>): [ModelName, FloorHtml] => [
  sample.modelName,
  (element, page) => sample.html(element as Extract<ContentElement, { modelName: M }>, page),
];

/** Each generated kind's body on the floor page, by modelName. */
export const FLOOR_HTML: ReadonlyMap<ModelName, FloorHtml> = new Map(samples.flatMap((sample) => (sample.floor ? [floorEntry(sample.floor)] : [])));
