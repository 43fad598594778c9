/**
 * What a kind's bench sample (`src/kinds/<kind>/<kind>.sample.ts`) is written against: the generator's
 * random source (deterministic by seed, no Math.random) and the static floor page's helpers.
 */
import { assetUrl, type AssetPreset } from '../../model/assetUrl';
import type { Asset } from '../../model/common';
import type { ContentElement } from '../../model/elements';
import type { MaterialInput } from '../../model/material';

/** An element as a material file holds it. */
export type ElementInput = MaterialInput['content'][number];
export type ModelName = ContentElement['modelName'];

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

/** The generator's random source: ids unique within a material, words and sentences from the water vocabulary. */
export class SampleSource {
  private readonly next: () => number;
  private serial = 0;

  constructor(
    private readonly prefix: string,
    seed: number,
  ) {
    this.next = prng(seed);
  }

  /** A number in [0, 1). */
  random(): number {
    return this.next();
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
}

/** One entry of the generated mix: its name, its places in the head, its weight after the head, the page elements it adds, how it is made. */
export interface MixEntry {
  name: string;
  /** Where it stands in the head every material starts with (0-based; the head's places are 0 … n−1, each taken once). */
  head: readonly number[];
  weight: number;
  cost: number;
  make: (source: SampleSource) => ElementInput;
}

/** What a kind's floor rendering may use of the static page. */
export interface FloorPage {
  esc(text: string): string;
  /** The asset endpoint's URL of an asset in a preset. */
  assetUrl(asset: Asset, preset: AssetPreset): string;
  /** An image with the app's asset URLs, srcset and sizes; lazy unless told. */
  img(asset: Asset, alt: string, lazy?: boolean): string;
  /** Elements, each in its element frame. */
  list(elements: readonly ContentElement[]): string;
  evaluateButton(label?: string): string;
}

/** A kind's body on the static floor page. */
export interface FloorSample<M extends ModelName> {
  modelName: M;
  html: (element: Extract<ContentElement, { modelName: M }>, page: FloorPage) => string;
}

const esc = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const SIZES = '(min-width: 1024px) 792px, (min-width: 640px) 696px, 100vw';

/** The floor page's helpers for one asset endpoint; `list` renders through `body`. */
export function floorPage(base: string, body: (element: ContentElement, page: FloorPage) => string): FloorPage {
  const page: FloorPage = {
    esc,
    assetUrl: (asset, preset) => assetUrl(base, asset, preset),
    img(asset, alt, lazy = true) {
      const width = asset.width ?? 300;
      const height = asset.height ?? 225;
      return (
        `<img src="${esc(assetUrl(base, asset, 'img-1400'))}" srcset="${esc(assetUrl(base, asset, 'img-700'))} 700w, ${esc(assetUrl(base, asset, 'img-1400'))} 1400w" ` +
        `sizes="${SIZES}" alt="${esc(alt)}"${lazy ? ' loading="lazy"' : ''} decoding="async" width="${width}" height="${height}">`
      );
    },
    list: (elements) => elements.map((e) => `<div id="${esc(e.id)}" data-model-name="${e.modelName}" class="element">${body(e, page)}</div>\n`).join(''),
    evaluateButton: (label) => `<div class="actions"><button type="button" data-evaluate>${esc(label || 'Evaluate')}</button></div>`,
  };
  return page;
}
