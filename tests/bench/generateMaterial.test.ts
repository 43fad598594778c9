import { describe, expect, it } from 'vitest';
import { generateMaterial, pageCount } from '../../scripts/bench/generateMaterial';
import { Material } from '../../model/material';
import { barrierPreconditions } from '../../model/progressTree';
import { elementsOnPage } from '../../model/tree';

const QUESTION_KINDS = ['ClozeQuestion', 'FreeTextInput', 'AssignmentQuestion', 'PolygonTargetExercise'] as const;

describe.each([100, 1000])('the generated %i-element material', (size) => {
  const generated = generateMaterial(size);
  const parsed = Material.safeParse(generated.material);

  it('parses with the Material schema (unique ids, every field valid)', () => {
    expect(parsed.success ? [] : parsed.error.issues.slice(0, 5)).toEqual([]);
  });

  it('has exactly the requested number of elements on its one page', () => {
    const material = Material.parse(generated.material);
    expect([...elementsOnPage(material.content)]).toHaveLength(size);
    expect(pageCount(generated.material.content)).toBe(size);
    expect(generated.size).toBe(size);
  });

  it('has every question type, single and multiple choice, foldables, chapters and barriers', () => {
    const elements = [...elementsOnPage(Material.parse(generated.material).content)];
    const names = new Set(elements.map((e) => e.modelName));
    for (const kind of [...QUESTION_KINDS, 'Text', 'Heading', 'Image', 'Foldable', 'Quote', 'Code', 'Separator', 'Chapter', 'Barrier']) {
      expect(names, kind).toContain(kind);
    }
    const choiceTypes = new Set(elements.flatMap((e) => (e.modelName === 'ChoiceQuestion' ? [e.type] : [])));
    expect([...choiceTypes].sort()).toEqual(['mc', 'sc']);
  });

  it('keeps the root list whole: barriers (mode all) close sub-lists after the question they wait for', () => {
    const material = Material.parse(generated.material);
    expect(material.content.some((e) => e.modelName === 'Barrier')).toBe(false);
    const barriers = [...barrierPreconditions(material).values()];
    expect(barriers.length).toBeGreaterThanOrEqual(2);
    for (const { barrier, preceding } of barriers) {
      expect(barrier.mode).toBe('all');
      expect(preceding.map((e) => e.modelName)).toContain('ChoiceQuestion');
    }
  });

  it('ends with a single-choice question, with the click target in the last 3 %', () => {
    const material = Material.parse(generated.material);
    const elements = [...elementsOnPage(material.content)];
    const last = elements[elements.length - 1];
    expect(last.id).toBe(generated.lastElementId);
    expect(last.modelName).toBe('ChoiceQuestion');
    const target = material.content.find((e) => e.id === generated.clickTargetId);
    expect(target?.modelName === 'ChoiceQuestion' && target.type).toBe('sc');
    expect(elements.findIndex((e) => e.id === generated.clickTargetId)).toBeGreaterThanOrEqual(Math.floor(size * 0.97));
    expect(target?.modelName === 'ChoiceQuestion' && target.choices.find((c) => c.id === generated.clickChoiceId)?.correct).toBe(true);
  });

  it('is deterministic by seed', () => {
    expect(generateMaterial(size)).toEqual(generated);
    expect(generateMaterial(size, 2).material).not.toEqual(generated.material);
  });
});
