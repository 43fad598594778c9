/**
 * Generated materials for the benchmark (`npm run bench`, issue 9): one page of N content elements,
 * a realistic mix, deterministic by seed. Pure: no I/O, no Date, no Math.random.
 *
 * What "N content elements" means: the elements the root page shows, counted the way the viewer walks
 * them (`elementsOnPage` of model/tree.ts): every element of the root list and of its containers
 * (foldables, highlighted panels, columns), each container counting itself too. A chapter card counts
 * as one element; the chapter's own content is a page of its own and not counted.
 *
 * The mix (by weight, after a head that shows every kind once; each kind's sample and its weight live in
 * its folder, src/kinds/<kind>/<kind>.sample.ts, collected by kindSamples.ts): text paragraphs with <p>, <strong>,
 * <em> and links, headings, images (the demo's files in content/assets/wasser), every question type
 * (single and multiple choice, cloze with text and dropdown gaps, free text, assignment, polygon),
 * foldables with content, highlighted panels, columns, quotes, code, separators, and two chapter cards.
 *
 * Barriers: a barrier hides the rest of its own list until the learner unlocks it (src/elements/
 * ContentList.tsx). To keep the root list whole (the bench measures the whole page, and its click
 * target sits near the end), every barrier (mode `all`) is the LAST element of a sub-list of its own,
 * a foldable or a highlighted panel, right after the choice question it waits for. The barrier is
 * real (locked until that question is answered), but nothing is hidden behind it.
 *
 * The end of the page: the last ~1.5 % of the elements (at least 3) are the tail. It starts with the
 * click target, a single-choice question at the root (`clickTargetId`, answered correctly by
 * `clickChoiceId`), and ends with another single-choice question as the very last element
 * (`lastElementId`): "last element rendered" waits for its Evaluate button.
 */
import type { ContentElement } from '../../model/elements';
import type { MaterialInput } from '../../model/material';
import { elementsOnPage } from '../../model/tree';
import { HEAD, MIX } from './kindSamples';
// Made outside the mix: the barriers' groups, the chapter cards, and the tail's questions, texts and images.
import { generateBarrierGroup } from '../../src/kinds/barrier/barrier.sample';
import { generateChapter } from '../../src/kinds/chapter/chapter.sample';
import { generateChoice } from '../../src/kinds/choice/choice.sample';
import { generateImage } from '../../src/kinds/image/image.sample';
import { generateText } from '../../src/kinds/text/text.sample';
import { SampleSource, type ElementInput as Element, type MixEntry } from './sampleSource';

export const BENCH_SIZES = [100, 1000, 5000] as const;

export interface GeneratedMaterial {
  /** The material as a file would hold it (parse it with the zod `Material`). */
  material: MaterialInput;
  /** Elements on the root page (see the file comment). */
  size: number;
  /** A single-choice question near the end of the page (root level): the click → feedback target. */
  clickTargetId: string;
  /** Its correct choice. */
  clickChoiceId: string;
  /** The very last element of the page, a single-choice question. */
  lastElementId: string;
}

/** An entry of the mix by weight. */
function weighted(g: SampleSource): MixEntry {
  const total = MIX.reduce((sum, { weight }) => sum + weight, 0);
  let at = g.random() * total;
  for (const entry of MIX) {
    at -= entry.weight;
    if (at < 0) return entry;
  }
  return MIX[0];
}

/** Elements on the page a list adds (chapters count once; containers with what they hold, as the viewer reads them). */
export function pageCount(list: readonly Element[]): number {
  return [...elementsOnPage(list as readonly ContentElement[])].length;
}

/** A material of exactly `size` page elements (size ≥ 40), the same for the same size and seed. */
export function generateMaterial(size: number, seed = 1): GeneratedMaterial {
  if (!Number.isInteger(size) || size < 40) throw new Error(`generateMaterial: size must be an integer ≥ 40, got ${size}`);
  const prefix = `bench${size}`;
  const g = new SampleSource(prefix, seed * 1_000_003 + size);
  const tailLength = Math.max(3, Math.round(size * 0.015));
  const bodySize = size - tailLength;
  const barriers = Math.max(2, Math.round(size / 250));
  const chapters = 2;

  // Where the special groups go: barriers spread over the body, the chapter cards at a third and two thirds.
  const plan: { at: number; make: () => Element }[] = [];
  for (let i = 0; i < barriers; i++) plan.push({ at: Math.round(((i + 1) * bodySize) / (barriers + 1)), make: () => generateBarrierGroup(g, i % 2 === 0) });
  for (let i = 0; i < chapters; i++) plan.push({ at: Math.round(((i + 1) * bodySize) / (chapters + 1)) + 3, make: () => generateChapter(g, i + 1, prefix) });
  plan.sort((a, b) => a.at - b.at);

  const content: Element[] = [];
  let count = 0;
  const push = (element: Element) => {
    content.push(element);
    count += pageCount([element]);
  };
  for (const entry of HEAD) push(entry.make(g));
  while (count < bodySize) {
    const remaining = bodySize - count;
    if (plan.length && count >= plan[0].at) {
      const element = plan[0].make();
      if (pageCount([element]) <= remaining) {
        plan.shift();
        push(element);
        continue;
      }
      plan.shift();
    }
    const entry = weighted(g);
    push(entry.cost <= remaining ? entry.make(g) : generateText(g));
  }

  // The tail: the click target first, simple elements, the last element a choice question too.
  const target = generateChoice(g, 'sc', { correctFirst: true });
  push(target);
  for (let i = 0; i < tailLength - 2; i++) push(i % 3 === 1 ? generateImage(g) : generateText(g));
  const last = generateChoice(g, 'sc');
  push(last);

  const material: MaterialInput = {
    modelName: 'Material',
    id: prefix,
    publicId: `bench-${size}`,
    title: `Benchmark: ${size.toLocaleString('en')} elements on one page`,
    created_at: '2026-01-01T00:00:00Z',
    evaluationType: 'composite',
    description: `<p>A generated material (seed ${seed}) for npm run bench.</p>`,
    content,
  };
  return { material, size: count, clickTargetId: target.id, clickChoiceId: target.choices[0].id, lastElementId: last.id };
}
