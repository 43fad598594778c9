import type { ContentElement, ElementOf, ModelName } from '../../model/elements';
import type { Material } from '../../model/material';
import { gapsOf } from '../../src/kinds/cloze/cloze.model';
import { allElements } from '../../model/tree';
import { demoMaterial } from './demoContent';

type Point = { x: number; y: number };

/** The element with this id in the demo material, checked to be of the expected kind. */
export function demoElement<N extends ModelName>(id: string, modelName: N, material: Material = demoMaterial): ElementOf<N> {
  const element = [...allElements(material.content)].find((e): e is ContentElement => e.id === id);
  if (!element || element.modelName !== modelName) throw new Error(`the demo material has no ${modelName} with id ${id}`);
  return element as ElementOf<N>;
}

/** The visible text of an html snippet from the content (tags dropped, whitespace collapsed). */
export function textOf(html: string | undefined): string {
  return (html ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}

/** A choice question's right answer (the `correct` choices) and a wrong one (a single incorrect choice). */
export function choiceAnswers(question: ElementOf<'ChoiceQuestion'>): { right: string[]; wrong: string[] } {
  const right = question.choices.filter((c) => c.correct).map((c) => textOf(c.text));
  const wrongChoice = question.choices.find((c) => !c.correct);
  if (!right.length || !wrongChoice) throw new Error(`${question.id} needs a correct and an incorrect choice`);
  return { right, wrong: [textOf(wrongChoice.text)] };
}

/**
 * A cloze's answers per gap in reading order: the right one is a correct solution (in upper case
 * where the gap is a text field, to exercise case-insensitive matching), the wrong one an incorrect
 * dropdown option or a text no solution holds.
 */
export function clozeAnswers(question: ElementOf<'ClozeQuestion'>): { mode: 'textinput' | 'dropdown'; right: string; wrong: string }[] {
  return gapsOf(question.content).map((gap) => {
    const correct = gap.solutions.find((s) => s.correct);
    if (!correct) throw new Error(`gap ${gap.id} has no correct solution`);
    if (gap.mode === 'dropdown') {
      const wrong = gap.solutions.find((s) => !s.correct);
      if (!wrong) throw new Error(`dropdown gap ${gap.id} has no incorrect option`);
      return { mode: gap.mode, right: correct.text, wrong: wrong.text };
    }
    const taken = new Set(gap.solutions.map((s) => s.text.toLowerCase()));
    const wrong = ['0', '1', '999', 'keine Ahnung'].find((text) => !taken.has(text.toLowerCase()));
    return { mode: gap.mode, right: correct.text.toUpperCase(), wrong: wrong ?? 'keine Ahnung' };
  });
}

/** Item name as the learner sees it on an assignment item's button. */
export type ItemName = string;

/** Where each item of an assignment belongs (zone title → item names), and the disruptors (belong nowhere). */
export function assignmentAnswers(question: ElementOf<'AssignmentQuestion'>): { zones: { title: string; items: ItemName[] }[]; disruptors: ItemName[] } {
  const nameOf = (item: { text?: string }) => {
    if (!item.text) throw new Error(`${question.id}: an item without text has no stable name for the test`);
    return item.text;
  };
  return {
    zones: question.zones.map((zone) => ({ title: zone.title, items: zone.items.map(nameOf) })),
    disruptors: question.disruptors.map(nameOf),
  };
}

/** The vertex mean of a polygon: inside it for the convex target shapes of the demo. */
export function centroid(points: readonly Point[]): Point {
  const sum = points.reduce((acc, p) => ({ x: acc.x + p.x, y: acc.y + p.y }), { x: 0, y: 0 });
  return { x: sum.x / points.length, y: sum.y / points.length };
}

/** Points on the image for a polygon exercise: inside each correct polygon, and one far from every polygon. */
export function polygonAnswers(exercise: ElementOf<'PolygonTargetExercise'>): { right: Point[]; miss: Point } {
  const right = exercise.polygons.filter((p) => p.isCorrect).map((p) => centroid(p.points));
  const candidates = [{ x: 0.05, y: 0.05 }, { x: 0.95, y: 0.05 }, { x: 0.05, y: 0.5 }, { x: 0.5, y: 0.05 }];
  const farFromAll = (c: Point) => exercise.polygons.every((p) => p.points.every((q) => Math.hypot(q.x - c.x, q.y - c.y) > 0.15));
  const miss = candidates.find(farFromAll);
  if (!miss) throw new Error(`${exercise.id}: no point far from every polygon`);
  return { right, miss };
}

