import type { ElementInput, FloorSample, MixEntry, SampleSource } from '../../../scripts/bench/sampleSource';

export type ChoiceQuestionInput = Extract<ElementInput, { modelName: 'ChoiceQuestion' }>;

/** A question of 3 or 4 choices: one right (sc) or two (mc); `correctFirst` makes the first one right. */
export function generateChoice(g: SampleSource, type: 'sc' | 'mc', options: { correctFirst?: boolean } = {}): ChoiceQuestionInput {
  const id = g.id(type === 'sc' ? 'choice-sc' : 'choice-mc');
  const count = 3 + g.int(2);
  const correctIndex = options.correctFirst ? 0 : g.int(count);
  const choices = Array.from({ length: count }, (_, i) => ({
    id: `${id}-c${i + 1}`,
    text: `<p>${g.sentence(3, 5)}</p>`,
    correct: type === 'sc' ? i === correctIndex : i === correctIndex || i === (correctIndex + 1) % count,
  }));
  return {
    modelName: 'ChoiceQuestion', id, type, question: `<p>${g.sentence(8, 8).slice(0, -1)}?</p>`, choices,
    feedbackPositive: g.random() < 0.5 ? `<p>${g.sentence(5, 5)}</p>` : undefined,
    feedbackNegative: g.random() < 0.5 ? `<p>${g.sentence(5, 5)}</p>` : undefined,
  };
}

export const mix: MixEntry[] = [
  { name: 'ChoiceSc', head: [3], weight: 5, cost: 1, make: (g) => generateChoice(g, 'sc') },
  { name: 'ChoiceMc', head: [5], weight: 3, cost: 1, make: (g) => generateChoice(g, 'mc') },
];

/** A plain form the floor page's script evaluates on click (`data-choice-question`, `data-correct`, the feedback templates). */
export const floor: FloorSample<'ChoiceQuestion'> = {
  modelName: 'ChoiceQuestion',
  html: (e, { esc, evaluateButton }) => {
    const input = e.type === 'sc' ? 'radio' : 'checkbox';
    const choices = e.choices
      .map((c) => `<label data-choice-id="${esc(c.id)}"><input type="${input}" name="${esc(e.id)}" value="${esc(c.id)}"${c.correct ? ' data-correct' : ''}> <span>${c.text}</span></label>`)
      .join('');
    const feedback = `<template data-positive>${e.feedbackPositive ?? 'That is correct.'}</template><template data-negative>${e.feedbackNegative ?? 'That is not quite right yet.'}</template>`;
    return (
      `<form class="question" data-choice-question><div class="q">${e.question}</div>` +
      `<p class="hint">${e.type === 'sc' ? 'Select one answer.' : 'Select one or more answers.'}</p>` +
      `<fieldset>${choices}</fieldset>${feedback}${evaluateButton(e.submitText)}</form>`
    );
  },
};
