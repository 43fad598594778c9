import type { ElementInput, FloorSample, SampleSource } from '../../../scripts/bench/sampleSource';
import { generateChoice } from '../choice/choice.sample';
import { generateFoldable } from '../foldable/foldable.sample';
import { generateHighlighted } from '../highlighted/highlighted.sample';
import { generateText } from '../text/text.sample';

/**
 * A choice question and the barrier (mode all) that waits for it, closing a sub-list of its own (a
 * foldable or a highlighted panel): 3 or 4 page elements, and nothing of the page hidden behind it.
 */
export function generateBarrierGroup(g: SampleSource, inFoldable: boolean): ElementInput {
  const barrier: ElementInput = {
    modelName: 'Barrier', id: g.id('barrier'), mode: 'all',
    content: '<p>Answer the question above to continue.</p>', unlockedContent: '<p>Well done.</p>', buttonLabel: 'Continue',
  };
  return inFoldable ? generateFoldable(g, [generateText(g), generateChoice(g, 'sc'), barrier]) : generateHighlighted(g, [generateChoice(g, 'sc'), barrier]);
}

export const floor: FloorSample<'Barrier'> = {
  modelName: 'Barrier',
  html: (e, { esc }) => `<div class="barrier">${e.content}<button type="button" disabled>${esc(e.buttonLabel || 'Continue')}</button></div>`,
};
