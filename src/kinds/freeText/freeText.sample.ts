import type { ElementInput, FloorSample, MixEntry, SampleSource } from '../../../scripts/bench/sampleSource';

export function generateFreeText(g: SampleSource): ElementInput {
  return {
    modelName: 'FreeTextInput', id: g.id('freetext'), instructions: { html: `<p>${g.sentence(10, 8)}</p>` },
    placeholder: 'My answer …', useGenerativeFeedback: false, feedback: { html: `<p>${g.sentence(8, 6)}</p>` },
  };
}

export const mix: MixEntry[] = [{ name: 'FreeText', head: [7], weight: 2.5, cost: 1, make: generateFreeText }];

export const floor: FloorSample<'FreeTextInput'> = {
  modelName: 'FreeTextInput',
  html: (e, { esc, evaluateButton }) => `<form class="question">${e.instructions.html}<textarea rows="3" placeholder="${esc(e.placeholder ?? '')}"></textarea>${evaluateButton(e.submitText)}</form>`,
};
