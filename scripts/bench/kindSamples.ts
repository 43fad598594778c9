/**
 * The bench's sample content, collected from the kinds' folders (`src/kinds/<kind>/<kind>.sample.ts`):
 * the generated mix in its order (the order is part of what a seed generates) and each kind's body on the
 * static floor page. A kind the generator does not emit has no entry; the floor shows its modelName.
 */
import * as assignment from '../../src/kinds/assignment/assignment.sample';
import * as barrier from '../../src/kinds/barrier/barrier.sample';
import * as chapter from '../../src/kinds/chapter/chapter.sample';
import * as choice from '../../src/kinds/choice/choice.sample';
import * as cloze from '../../src/kinds/cloze/cloze.sample';
import * as code from '../../src/kinds/code/code.sample';
import * as columns from '../../src/kinds/columns/columns.sample';
import * as foldable from '../../src/kinds/foldable/foldable.sample';
import * as freeText from '../../src/kinds/freeText/freeText.sample';
import * as heading from '../../src/kinds/heading/heading.sample';
import * as highlighted from '../../src/kinds/highlighted/highlighted.sample';
import * as image from '../../src/kinds/image/image.sample';
import * as polygon from '../../src/kinds/polygon/polygon.sample';
import * as quote from '../../src/kinds/quote/quote.sample';
import * as separator from '../../src/kinds/separator/separator.sample';
import * as text from '../../src/kinds/text/text.sample';
import type { ContentElement } from '../../model/elements';
import type { FloorPage, FloorSample, MixEntry, ModelName } from './sampleSource';

/** The mix after the head, by weight; questions are about a fifth of the elements. */
export const MIX: readonly MixEntry[] = [
  ...text.mix, ...heading.mix, ...image.mix, ...choice.mix, ...cloze.mix, ...freeText.mix, ...assignment.mix, ...polygon.mix,
  ...quote.mix, ...code.mix, ...separator.mix, ...foldable.mix, ...highlighted.mix, ...columns.mix,
];

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

/** Made outside the mix: the barriers' groups, the chapter cards, and the tail's questions, texts and images. */
export const { generateBarrierGroup } = barrier;
export const { generateChapter } = chapter;
export const { generateChoice } = choice;
export const { generateImage } = image;
export const { generateText } = text;

type FloorHtml = (element: ContentElement, page: FloorPage) => string;
const floorEntry = <M extends ModelName>(sample: FloorSample<M>): [ModelName, FloorHtml] => [
  sample.modelName,
  (element, page) => sample.html(element as Extract<ContentElement, { modelName: M }>, page),
];

/** Each generated kind's body on the floor page, by modelName. */
export const FLOOR_HTML: ReadonlyMap<ModelName, FloorHtml> = new Map([
  text.floor, heading.floor, image.floor, choice.floor, cloze.floor, freeText.floor, assignment.floor, polygon.floor,
  quote.floor, code.floor, separator.floor, foldable.floor, highlighted.floor, columns.floor, barrier.floor, chapter.floor,
].map((sample) => floorEntry(sample as FloorSample<ModelName>)));
