import { describe, expect, it } from 'vitest';
import { Material } from '../../model/material';
import { Chapter, IFrame } from '../../model/elements';
import { barrierMet, barrierPreconditions, completesOnOpen, derivedStepProgress, elementProgress, trackedItems } from '../../model/progressTree';

const text = (id: string) => ({ id, modelName: 'Text', content: { html: '<p>t</p>' } });
const choice = (id: string) => ({
  id, modelName: 'ChoiceQuestion', type: 'sc', question: '<p>?</p>',
  choices: [{ id: `${id}-a`, text: 'a', correct: true }, { id: `${id}-b`, text: 'b', correct: false }],
});
const material = Material.parse({
  modelName: 'Material', id: 'm', publicId: 'm', title: 'M',
  content: [
    text('t1'),
    { id: 'cols', modelName: 'Columns', left: [choice('q1')], right: [text('t2')] },
    { id: 'b1', modelName: 'Barrier', mode: 'all' },
    { id: 'ch', modelName: 'Chapter', publicId: 'ch', title: 'C', content: [choice('q2'), choice('q3'), { id: 'b2', modelName: 'Barrier', mode: 'last' }] },
    { id: 'b0', modelName: 'Barrier', mode: 'unlocked' },
    { id: 'b3', modelName: 'Barrier', mode: 'unlocked', unlocked: true },
    {
      id: 'path', modelName: 'Path',
      content: [
        { id: 's1', modelName: 'Chapter', publicId: 's1', title: 'S1', pathEvaluationType: 'selfCompletion', content: [] },
        { id: 's2', modelName: 'Chapter', publicId: 's2', title: 'S2', content: [choice('q4')] },
        { id: 's3', modelName: 'IFrame', title: 'S3', url: 'https://example.org', pathEvaluationType: 'openedCompletion' },
      ],
    },
  ],
});
const [, , , chapter, , , path] = material.content;

describe('progress derivation (spec section 4)', () => {
  it('counts questions, chapters, paths and resources, through containers', () => {
    expect(trackedItems(material.content).map((e) => e.id)).toEqual(['q1', 'ch', 'path']);
  });

  it('a question gives 1 once evaluated; a composite chapter the mean of its tracked content', () => {
    expect(elementProgress(chapter, {})).toBe(0);
    expect(elementProgress(chapter, { q2: 1 })).toBe(0.5);
    expect(elementProgress(chapter, { q2: 1, q3: 1 })).toBe(1);
  });

  it('a chapter without tracked content is complete; a path is the mean of its steps', () => {
    expect(elementProgress(Material.parse({ modelName: 'Material', id: 'e', publicId: 'e', title: 'E', content: [text('x')] }), {})).toBe(1);
    expect(elementProgress(path, {})).toBe(0);
    expect(elementProgress(path, { s1: 1, q4: 1, s3: 1 })).toBe(1);
    expect(elementProgress(path, { s1: 1 })).toBeCloseTo(1 / 3);
    expect(derivedStepProgress(path as never, { q4: 1 })).toEqual({ s2: 1 });
  });

  it('material progress reaches 1 when everything tracked is complete', () => {
    expect(elementProgress(material, {})).toBe(0);
    expect(elementProgress(material, { q1: 1, q2: 1, q3: 1, s1: 1, q4: 1, s3: 1 })).toBe(1);
  });
});

describe('barrier conditions', () => {
  const barriers = barrierPreconditions(material);
  it('looks only at the tracked items before the barrier in its own list', () => {
    expect(barriers.get('b1')!.preceding.map((e) => e.id)).toEqual(['q1']);
    expect(barriers.get('b2')!.preceding.map((e) => e.id)).toEqual(['q2', 'q3']);
    expect(barriers.get('b0')!.preceding.map((e) => e.id)).toEqual(['q1', 'ch']);
  });

  it('all needs every preceding item complete; last only the last', () => {
    expect(barrierMet(barriers.get('b1')!, {})).toBe(false);
    expect(barrierMet(barriers.get('b1')!, { q1: 1 })).toBe(true);
    expect(barrierMet(barriers.get('b2')!, { q3: 1 })).toBe(true);
    expect(barrierMet(barriers.get('b2')!, { q2: 1 })).toBe(false);
  });

  it('unlocked follows the unlocked flag of the barrier, whatever the progress before it', () => {
    const done = { q1: 1, q2: 1, q3: 1 };
    expect(barrierMet(barriers.get('b0')!, {})).toBe(false);
    expect(barrierMet(barriers.get('b0')!, done)).toBe(false);
    expect(barrierMet(barriers.get('b3')!, {})).toBe(true);
    expect(barrierMet(barriers.get('b3')!, done)).toBe(true);
  });

  it('any mode is met with no tracked content before the barrier', () => {
    const first = barrierPreconditions(Material.parse({ modelName: 'Material', id: 'f', publicId: 'f', title: 'F', content: [text('t'), { id: 'bf', modelName: 'Barrier', mode: 'unlocked' }] }));
    expect(barrierMet(first.get('bf')!, {})).toBe(true);
  });
});

describe('a page opened completes', () => {
  const chapter = (pathEvaluationType?: string) =>
    Chapter.parse({ id: 'c', modelName: 'Chapter', publicId: 'c', title: 'C', content: [], ...(pathEvaluationType ? { pathEvaluationType } : {}) });
  const resource = (pathEvaluationType?: string) =>
    IFrame.parse({ id: 'r', modelName: 'IFrame', title: 'R', url: 'https://example.org', ...(pathEvaluationType ? { pathEvaluationType } : {}) });

  it('a chapter only as an openedCompletion step; the root page never', () => {
    expect(completesOnOpen(chapter('openedCompletion'))).toBe(true);
    expect(completesOnOpen(chapter('selfCompletion'))).toBe(false);
    expect(completesOnOpen(chapter())).toBe(false);
    expect(completesOnOpen(undefined)).toBe(false);
  });

  it('an external resource unless it is a selfCompletion step, which its Complete toggle completes', () => {
    expect(completesOnOpen(resource('selfCompletion'))).toBe(false);
    expect(completesOnOpen(resource('openedCompletion'))).toBe(true);
    expect(completesOnOpen(resource())).toBe(true);
  });
});
