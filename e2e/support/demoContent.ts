import { readFileSync } from 'node:fs';
import { Collection, Material } from '../../model/material';
import type { Chapter, ContentElement } from '../../model/elements';
import { childListsOf, chaptersOnPage, type PageNode } from '../../model/tree';

/** The demo files as the server imported them (parsed with the same schemas). */
export const demoMaterial = Material.parse(JSON.parse(readFileSync('content/demo-material.json', 'utf8')));
export const demoMaterialEn = Material.parse(JSON.parse(readFileSync('content/demo-material.en.json', 'utf8')));
export const demoCollection = Collection.parse(JSON.parse(readFileSync('content/demo-collection.json', 'utf8')));

/** Every page of a material (root first) with its route below the share: '' or 'p1/p2/'. */
export function pagesOf(material: Material): { route: string; page: PageNode; trail: Chapter[] }[] {
  const pages: { route: string; page: PageNode; trail: Chapter[] }[] = [];
  const visit = (page: PageNode, trail: Chapter[]) => {
    pages.push({ route: trail.map((c) => `${c.publicId}/`).join(''), page, trail });
    for (const chapter of chaptersOnPage(page)) visit(chapter, [...trail, chapter]);
  };
  visit(material, []);
  return pages;
}

/**
 * The elements a page shows before any barrier is unlocked, and those the first barrier of a list
 * hides (spec section 4), not descending into nested chapters (pages of their own).
 */
export function splitByBarriers(content: readonly ContentElement[]): { shown: ContentElement[]; hidden: ContentElement[] } {
  const shown: ContentElement[] = [];
  const hidden: ContentElement[] = [];
  const walk = (list: readonly ContentElement[], behindBarrier: boolean) => {
    let barrierSeen = false;
    for (const element of list) {
      const isHidden = behindBarrier || barrierSeen;
      (isHidden ? hidden : shown).push(element);
      if (element.modelName === 'Barrier') barrierSeen = true;
      if (element.modelName !== 'Chapter') for (const child of childListsOf(element)) walk(child, isHidden);
    }
  };
  walk(content, false);
  return { shown, hidden };
}
