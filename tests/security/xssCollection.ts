import type { z } from 'zod';
import { mapContentHtml } from '../../model/contentHtml';
import { Collection } from '../../model/material';
import { fillerElements, htmlSlot, slotField, xssMaterial, type MaterialPlan, type PageKey, type PlainTextCheck } from './xssMaterial';

export type CollectionInput = z.input<typeof Collection>;

/** One html field of the file and the payload put into it. */
export interface HtmlPlacement {
  slot: number;
  /** As htmlFieldsOf names it: `ChoiceQuestion.feedbackPositive`. */
  field: string;
  payload: string;
}

export interface XssCollection {
  collection: CollectionInput;
  plans: MaterialPlan[];
  placements: HtmlPlacement[];
  plainTexts: PlainTextCheck[];
}

/**
 * The marker that starts every filled html field: it tells the probe which field it sees (and that
 * the field was rendered at all). It comes before the payload, so the payload still starts its field.
 */
export const slotMarker = (slot: number) => `<span data-xss-slot="${slot}"></span>`;
export const SLOT_MARKER = /^<span data-xss-slot="(\d+)"><\/span>/;

/**
 * A collection of `materials` materials (xssMaterial.ts) with every html field filled by mapContentHtml:
 * field by field, the corpus in order, one payload a field, cheap filler fields added until every
 * payload has a field (the last fields start the corpus again). Plain-text fields take the corpus too,
 * from its other end.
 */
export function xssCollection(corpus: readonly string[], materials: number): XssCollection {
  const plainTexts: PlainTextCheck[] = [];
  const plain = (field: string, page: PageKey, selector: string, attribute?: string) => {
    const text = corpus[corpus.length - 1 - (plainTexts.length % corpus.length)];
    plainTexts.push({ field, text, page, selector, attribute });
    return text;
  };
  const built = Array.from({ length: materials }, (_, m) => xssMaterial(m, plain));
  const draft: CollectionInput = {
    modelName: 'Collection',
    id: 'xss-collection',
    publicId: 'xss-collection',
    title: plain('Collection.title', 'collection', 'h1'),
    description: htmlSlot('Collection.description'),
    items: built.map(({ material }, m) => ({ id: `xss-item-${m}`, material })),
  };

  let fields = 0;
  mapContentHtml(Collection, draft, (html) => {
    fields++;
    return html;
  });
  const perMaterial = Math.ceil(Math.max(0, corpus.length - fields) / materials);
  built.forEach(({ material, plan }, m) => {
    const filler = fillerElements(m, perMaterial);
    material.content.push(...filler);
    plan.rootIds.material.push(...filler.map((e) => e.id));
  });

  const placements: HtmlPlacement[] = [];
  const collection = mapContentHtml(Collection, draft, (html) => {
    const field = slotField(html);
    if (!field) throw new Error(`an html field without a placeholder: ${html.slice(0, 80)}`);
    const placement = { slot: placements.length, field, payload: corpus[placements.length % corpus.length] };
    placements.push(placement);
    return `${slotMarker(placement.slot)}${placement.payload}`;
  });
  const left = JSON.stringify(collection).match(/@@html:[^@]*@@/);
  if (left) throw new Error(`a placeholder outside the html fields: ${left[0]}`);
  return { collection, plans: built.map((b) => b.plan), placements, plainTexts };
}
