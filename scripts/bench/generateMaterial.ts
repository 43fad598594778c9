/**
 * Generated materials for the benchmark (`npm run bench`, issue 9): one page of N content elements,
 * a realistic mix, deterministic by seed. Pure: no I/O, no Date, no Math.random.
 *
 * What "N content elements" means: the elements the root page shows, counted the way the viewer walks
 * them (`elementsOnPage` of model/tree.ts): every element of the root list and of its containers
 * (foldables, highlighted panels, columns), each container counting itself too. A chapter card counts
 * as one element; the chapter's own content is a page of its own and not counted.
 *
 * The mix (by weight, after a head that shows every kind once): text paragraphs with <p>, <strong>,
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
import type { MaterialInput } from '../../model/material';

type Element = MaterialInput['content'][number];
type ChoiceQuestionInput = Extract<Element, { modelName: 'ChoiceQuestion' }>;

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

/** mulberry32: a small, fast PRNG; the same seed gives the same material. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'water cycle river lake groundwater spring rain cloud evaporation condensation energy sun soil sand gravel ' +
  'filter pump well treatment plant pipe household tap meter litre cubic metre pressure quality nitrate ' +
  'protection zone forest valley reservoir dam catchment climate season summer winter drought flood measurement ' +
  'sample laboratory school student teacher experiment result table chart average daily weekly consumption ' +
  'shower garden kitchen bottle glass temperature degree minute hour kilometre source mountain ocean salt fresh ' +
  'ice snow storage flow speed level surface layer clay rock crack drop stream bank city village region'
).split(' ');

const ASSETS = [
  { file: 'wasser/regen.jpg', width: 1600, height: 900, aspectRatio: 1.7778, licenseTitle: 'Rain over hills (Illustration: Lernwerk, CC BY 4.0)' },
  { file: 'wasser/see.jpg', width: 1500, height: 1000, aspectRatio: 1.5, licenseTitle: 'Mountain lake (Illustration: Lernwerk, CC BY 4.0)' },
  { file: 'wasser/fluss.jpg', width: 1500, height: 1000, aspectRatio: 1.5, licenseTitle: 'River in a green valley (Illustration: Lernwerk, CC BY 4.0)' },
  { file: 'wasser/quelle.jpg', width: 1500, height: 1000, aspectRatio: 1.5, licenseTitle: 'Spring between rocks (Illustration: Lernwerk, CC BY 4.0)' },
  { file: 'wasser/talsperre.jpg', width: 1500, height: 1000, aspectRatio: 1.5, licenseTitle: 'Dam of a reservoir (Illustration: Lernwerk, CC BY 4.0)' },
  { file: 'wasser/wasserhahn.jpg', width: 1500, height: 1000, aspectRatio: 1.5, licenseTitle: 'Tap over a basin (Illustration: Lernwerk, CC BY 4.0)' },
  { file: 'wasser/verdunstungskessel.jpg', width: 1200, height: 900, aspectRatio: 1.3333, licenseTitle: 'Evaporation pan (Illustration: Lernwerk, CC BY 4.0)' },
  { file: 'wasser/grundwasser-schnitt-en.png', width: 1200, height: 900, aspectRatio: 1.3333, licenseTitle: 'Cross-section with an aquifer (Illustration: Lernwerk, CC BY 4.0)' },
] as const;

const MAP_ASSET = {
  file: 'wasser/karte-auenbach-en.png', width: 1200, height: 900, aspectRatio: 1.3333,
  licenseTitle: 'Map of Auenbach with lake, river, waterworks and wells (Illustration: Lernwerk, CC BY 4.0)',
} as const;

const CODE_SAMPLES: { mode: 'python' | 'javascript' | 'sql' | 'yaml'; content: string }[] = [
  { mode: 'python', content: 'levels = [200.0, 195.8, 191.2, 193.0]\nrain = [0.0, 6.5, 0.0]\nfor day, r in enumerate(rain, start=1):\n    print(day, levels[day - 1] - levels[day] + r)\n' },
  { mode: 'javascript', content: 'const readings = [482.3, 482.6, 483.0];\nconst litres = (readings.at(-1) - readings[0]) * 1000;\nconsole.log(`${(litres / 2 / 4).toFixed(0)} l per person and day`);\n' },
  { mode: 'sql', content: 'SELECT station, avg(nitrate_mg_l) AS nitrate\nFROM samples\nWHERE taken_on >= date \'2026-01-01\'\nGROUP BY station\nORDER BY nitrate DESC;\n' },
  { mode: 'yaml', content: 'station: auenbach-west\nsamples:\n  - date: 2026-03-01\n    nitrate: 21.4\n  - date: 2026-03-08\n    nitrate: 19.8\n' },
];

type Kind =
  | 'Text' | 'Heading' | 'Image' | 'ChoiceSc' | 'ChoiceMc' | 'Cloze' | 'FreeText' | 'Assignment' | 'Polygon'
  | 'Quote' | 'Code' | 'Separator' | 'Foldable' | 'Highlighted' | 'Columns';

/** Weights of the mix after the head; questions are about a fifth of the elements. */
const WEIGHTS: [Kind, number][] = [
  ['Text', 34], ['Heading', 9], ['Image', 8], ['ChoiceSc', 5], ['ChoiceMc', 3], ['Cloze', 3], ['FreeText', 2.5],
  ['Assignment', 2], ['Polygon', 1.5], ['Quote', 3], ['Code', 3], ['Separator', 3], ['Foldable', 3], ['Highlighted', 2], ['Columns', 2],
];

/** The head of every material: each kind once, so even the 100-element page has every question type. */
const HEAD: Kind[] = ['Heading', 'Text', 'Image', 'ChoiceSc', 'Text', 'ChoiceMc', 'Cloze', 'FreeText', 'Assignment', 'Polygon', 'Quote', 'Code', 'Separator', 'Foldable', 'Highlighted', 'Columns'];

/** Elements a kind adds to the page (containers count themselves and their children). */
const COST: Record<Kind, number> = {
  Text: 1, Heading: 1, Image: 1, ChoiceSc: 1, ChoiceMc: 1, Cloze: 1, FreeText: 1, Assignment: 1, Polygon: 1,
  Quote: 1, Code: 1, Separator: 1, Foldable: 3, Highlighted: 2, Columns: 3,
};

class Generator {
  private readonly random: () => number;
  private serial = 0;

  constructor(
    private readonly prefix: string,
    seed: number,
  ) {
    this.random = prng(seed);
  }

  id(kind: string): string {
    this.serial += 1;
    return `${this.prefix}-${kind}-${this.serial}`;
  }

  int(max: number): number {
    return Math.floor(this.random() * max);
  }

  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }

  words(count: number): string {
    return Array.from({ length: count }, () => this.pick(WORDS)).join(' ');
  }

  sentence(min = 8, spread = 10): string {
    const text = this.words(min + this.int(spread));
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  }

  title(): string {
    const text = this.words(2 + this.int(4));
    return `${text[0].toUpperCase()}${text.slice(1)}`;
  }

  /** A paragraph of 3–6 sentences with a strong, an em and sometimes a link. */
  paragraphHtml(): string {
    const sentences = Array.from({ length: 3 + this.int(4) }, () => this.sentence());
    const strong = `<strong>${this.words(2)}</strong>`;
    const em = `<em>${this.words(1)}</em>`;
    sentences[0] = `${sentences[0].slice(0, -1)} ${strong}.`;
    sentences[sentences.length - 1] = `${em} ${sentences[sentences.length - 1]}`;
    if (this.random() < 0.4) sentences.splice(1, 0, `See <a href="https://example.org/water/${this.int(1000)}">${this.words(2)}</a> for more.`);
    return `<p>${sentences.join(' ')}</p>`;
  }

  text(): Element {
    const html = this.random() < 0.25 ? `${this.paragraphHtml()}${this.paragraphHtml()}` : this.paragraphHtml();
    return { modelName: 'Text', id: this.id('text'), size: 'p-regular', content: { html } };
  }

  heading(level = 2): Element {
    return { modelName: 'Heading', id: this.id('heading'), level, content: { html: this.title() } };
  }

  image(): Element {
    const asset = this.pick(ASSETS);
    return {
      modelName: 'Image', id: this.id('image'), asset: { ...asset }, ratio: 'default', cropMode: 'default',
      caption: `<p>${this.sentence(6, 8)}</p>`,
    };
  }

  choice(type: 'sc' | 'mc', options: { correctFirst?: boolean } = {}): ChoiceQuestionInput {
    const id = this.id(type === 'sc' ? 'choice-sc' : 'choice-mc');
    const count = 3 + this.int(2);
    const correctIndex = options.correctFirst ? 0 : this.int(count);
    const choices = Array.from({ length: count }, (_, i) => ({
      id: `${id}-c${i + 1}`,
      text: `<p>${this.sentence(3, 5)}</p>`,
      correct: type === 'sc' ? i === correctIndex : i === correctIndex || i === (correctIndex + 1) % count,
    }));
    return {
      modelName: 'ChoiceQuestion', id, type, question: `<p>${this.sentence(8, 8).slice(0, -1)}?</p>`, choices,
      feedbackPositive: this.random() < 0.5 ? `<p>${this.sentence(5, 5)}</p>` : undefined,
      feedbackNegative: this.random() < 0.5 ? `<p>${this.sentence(5, 5)}</p>` : undefined,
    };
  }

  cloze(): Element {
    const id = this.id('cloze');
    const gap = (n: number, mode: 'textinput' | 'dropdown') => ({
      type: 'gap' as const,
      id: `${id}-gap${n}`,
      mode,
      solutions: mode === 'textinput'
        ? [{ text: String(10 + this.int(90)), correct: true }]
        : [{ text: this.words(1), correct: true }, { text: this.words(1), correct: false }, { text: this.words(1), correct: false }],
      children: [{ text: '' }],
    });
    return {
      modelName: 'ClozeQuestion', id, question: '<p>Fill in the gaps.</p>',
      content: [
        { type: 'p', children: [{ text: `${this.sentence(5, 5).slice(0, -1)} ` }, gap(1, 'textinput'), { text: ` ${this.words(4)}.` }] },
        { type: 'p', children: [{ text: `${this.sentence(4, 4).slice(0, -1)} ` }, gap(2, 'dropdown'), { text: ` ${this.words(3)}.` }] },
      ],
      feedbackPositive: '<p>All gaps are right.</p>',
      feedbackNegative: '<p>Not yet: read the section again.</p>',
    };
  }

  freeText(): Element {
    return {
      modelName: 'FreeTextInput', id: this.id('freetext'), instructions: { html: `<p>${this.sentence(10, 8)}</p>` },
      placeholder: 'My answer …', useGenerativeFeedback: false, feedback: { html: `<p>${this.sentence(8, 6)}</p>` },
    };
  }

  assignment(): Element {
    const id = this.id('assignment');
    const zones = Array.from({ length: 2 + this.int(2) }, (_, z) => ({
      id: `${id}-zone${z + 1}`, type: 'text' as const, title: this.title(),
      items: Array.from({ length: 2 }, (_, i) => ({ id: `${id}-zone${z + 1}-item${i + 1}`, type: 'text' as const, text: this.words(2 + this.int(2)) })),
    }));
    return {
      modelName: 'AssignmentQuestion', id, instructions: `<p>${this.sentence(8, 6)}</p>`, zones,
      disruptors: [{ id: `${id}-disruptor`, type: 'text', text: this.words(3) }],
    };
  }

  polygon(): Element {
    const id = this.id('polygon');
    const square = (x: number, y: number) => [{ x, y }, { x: x + 0.08, y }, { x: x + 0.08, y: y + 0.08 }, { x, y: y + 0.08 }];
    return {
      modelName: 'PolygonTargetExercise', id, asset: { ...MAP_ASSET },
      question: { html: `<p>Mark the two wells on the map. ${this.sentence(5, 5)}</p>` },
      polygons: [
        { id: `${id}-west`, points: square(0.27, 0.75), isCorrect: true },
        { id: `${id}-east`, points: square(0.54, 0.82), isCorrect: true },
      ],
      feedbackPositive: { html: '<p>Both wells found.</p>' },
      feedbackNegative: { html: '<p>Look at the legend again.</p>' },
    };
  }

  quote(): Element {
    return { modelName: 'Quote', id: this.id('quote'), text: this.sentence(8, 8), author: this.title() };
  }

  code(): Element {
    const sample = this.pick(CODE_SAMPLES);
    return { modelName: 'Code', id: this.id('code'), mode: sample.mode, content: sample.content };
  }

  separator(): Element {
    return { modelName: 'Separator', id: this.id('separator') };
  }

  foldable(content: Element[]): Element {
    return { modelName: 'Foldable', id: this.id('foldable'), title: this.title(), folded: true, content };
  }

  highlighted(content: Element[]): Element {
    return { modelName: 'HighlightedElement', id: this.id('highlight'), style: 'flow', content };
  }

  columns(): Element {
    return { modelName: 'Columns', id: this.id('columns'), ratio: 0.5, left: [this.text()], right: [this.image()] };
  }

  /** A choice question and the barrier (mode all) that waits for it, closing a sub-list: 3 or 4 elements. */
  barrierGroup(inFoldable: boolean): Element {
    const barrier: Element = {
      modelName: 'Barrier', id: this.id('barrier'), mode: 'all',
      content: '<p>Answer the question above to continue.</p>', unlockedContent: '<p>Well done.</p>', buttonLabel: 'Continue',
    };
    return inFoldable ? this.foldable([this.text(), this.choice('sc'), barrier]) : this.highlighted([this.choice('sc'), barrier]);
  }

  chapter(index: number, publicPrefix: string): Element {
    const asset = this.pick(ASSETS);
    return {
      modelName: 'Chapter', id: this.id('chapter'), publicId: `${publicPrefix}-chapter-${index}`, title: `Chapter ${index}: ${this.title()}`,
      description: `<p>${this.sentence(8, 6)}</p>`, duration: `${10 + this.int(20)} min`, cover: { ...asset }, evaluationType: 'composite',
      content: [this.heading(), this.text(), this.choice('sc')],
    };
  }

  of(kind: Kind): Element {
    switch (kind) {
      case 'Text': return this.text();
      case 'Heading': return this.heading();
      case 'Image': return this.image();
      case 'ChoiceSc': return this.choice('sc');
      case 'ChoiceMc': return this.choice('mc');
      case 'Cloze': return this.cloze();
      case 'FreeText': return this.freeText();
      case 'Assignment': return this.assignment();
      case 'Polygon': return this.polygon();
      case 'Quote': return this.quote();
      case 'Code': return this.code();
      case 'Separator': return this.separator();
      case 'Foldable': return this.foldable([this.text(), this.image()]);
      case 'Highlighted': return this.highlighted([this.text()]);
      case 'Columns': return this.columns();
    }
  }

  weighted(): Kind {
    const total = WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
    let at = this.random() * total;
    for (const [kind, weight] of WEIGHTS) {
      at -= weight;
      if (at < 0) return kind;
    }
    return 'Text';
  }
}

/** Elements on the page a list adds (chapters count once; containers with what they hold). */
export function pageCount(list: readonly Element[]): number {
  let count = 0;
  for (const element of list) {
    count += 1;
    if (element.modelName === 'Chapter') continue;
    if (element.modelName === 'Columns') count += pageCount(element.left ?? []) + pageCount(element.right ?? []);
    else if ('content' in element && Array.isArray(element.content) && element.modelName !== 'ClozeQuestion' && element.modelName !== 'ImageGallery') {
      count += pageCount(element.content as Element[]);
    }
  }
  return count;
}

/** A material of exactly `size` page elements (size ≥ 40), the same for the same size and seed. */
export function generateMaterial(size: number, seed = 1): GeneratedMaterial {
  if (!Number.isInteger(size) || size < 40) throw new Error(`generateMaterial: size must be an integer ≥ 40, got ${size}`);
  const prefix = `bench${size}`;
  const g = new Generator(prefix, seed * 1_000_003 + size);
  const tailLength = Math.max(3, Math.round(size * 0.015));
  const bodySize = size - tailLength;
  const barriers = Math.max(2, Math.round(size / 250));
  const chapters = 2;

  // Where the special groups go: barriers spread over the body, the chapter cards at a third and two thirds.
  const plan: { at: number; make: () => Element }[] = [];
  for (let i = 0; i < barriers; i++) plan.push({ at: Math.round(((i + 1) * bodySize) / (barriers + 1)), make: () => g.barrierGroup(i % 2 === 0) });
  for (let i = 0; i < chapters; i++) plan.push({ at: Math.round(((i + 1) * bodySize) / (chapters + 1)) + 3, make: () => g.chapter(i + 1, prefix) });
  plan.sort((a, b) => a.at - b.at);

  const content: Element[] = [];
  let count = 0;
  const push = (element: Element) => {
    content.push(element);
    count += pageCount([element]);
  };
  for (const kind of HEAD) push(g.of(kind));
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
    const kind = g.weighted();
    push(COST[kind] <= remaining ? g.of(kind) : g.text());
  }

  // The tail: the click target first, simple elements, the last element a choice question too.
  const target = g.choice('sc', { correctFirst: true });
  push(target);
  for (let i = 0; i < tailLength - 2; i++) push(i % 3 === 1 ? g.image() : g.text());
  const last = g.choice('sc');
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
