import type { ContentElement } from '../../model/elements';
import type { Material } from '../../model/material';
import { childListsOf } from '../../model/tree';
import { elementLabelText } from '../../src/kinds/indexing';

/*
 * The share's materials as the results read them: every element in reading order with the chapters
 * around it, and for each barrier and chapter the elements whose tracked events show a learner got there.
 */

export interface Placed {
  element: ContentElement;
  /** Reading order across the share's materials. */
  index: number;
  /** Titles of the chapters around it, outermost first (the material's title first on a collection share). */
  path: string[];
}

/** A place where learners stop: a barrier or a chapter. */
export interface Milestone extends Placed {
  /** Ids whose events show a learner reached it: a chapter itself and all inside it; a barrier, its list's elements and all inside them. */
  witnesses: Set<string>;
}

export interface Outline {
  elements: Placed[];
  milestones: Milestone[];
  /** Milestones each id witnesses. */
  witnessed: Map<string, Milestone[]>;
}

function descendantIds(element: ContentElement, into: Set<string>): void {
  into.add(element.id);
  for (const list of childListsOf(element)) for (const child of list) descendantIds(child, into);
}

export function outlineOf(materials: readonly Material[], collectionShare: boolean): Outline {
  const elements: Placed[] = [];
  const milestones: Milestone[] = [];
  const visit = (list: readonly ContentElement[], path: string[]) => {
    for (const element of list) {
      const placed: Placed = { element, index: elements.length, path };
      elements.push(placed);
      if (element.modelName === 'Barrier') {
        const witnesses = new Set<string>();
        for (const sibling of list) descendantIds(sibling, witnesses);
        milestones.push({ ...placed, witnesses });
      } else if (element.modelName === 'Chapter') {
        const witnesses = new Set<string>();
        descendantIds(element, witnesses);
        milestones.push({ ...placed, witnesses });
      }
      const inner = element.modelName === 'Chapter' ? [...path, element.title || elementLabelText(element)] : path;
      for (const child of childListsOf(element)) visit(child, inner);
    }
  };
  for (const material of materials) visit(material.content, collectionShare ? [material.title] : []);
  const witnessed = new Map<string, Milestone[]>();
  for (const milestone of milestones) {
    for (const id of milestone.witnesses) {
      const list = witnessed.get(id);
      if (list) list.push(milestone);
      else witnessed.set(id, [milestone]);
    }
  }
  return { elements, milestones, witnessed };
}
