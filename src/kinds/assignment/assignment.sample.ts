import type { ElementInput, FloorSample, MixEntry, SampleSource } from '../../../scripts/bench/sampleSource';

/** Two or three zones of two items each, and one disruptor. */
export function generateAssignment(g: SampleSource): ElementInput {
  const id = g.id('assignment');
  const zones = Array.from({ length: 2 + g.int(2) }, (_, z) => ({
    id: `${id}-zone${z + 1}`, type: 'text' as const, title: g.title(),
    items: Array.from({ length: 2 }, (_, i) => ({ id: `${id}-zone${z + 1}-item${i + 1}`, type: 'text' as const, text: g.words(2 + g.int(2)) })),
  }));
  return {
    modelName: 'AssignmentQuestion', id, instructions: `<p>${g.sentence(8, 6)}</p>`, zones,
    disruptors: [{ id: `${id}-disruptor`, type: 'text', text: g.words(3) }],
  };
}

export const mix: MixEntry[] = [{ name: 'Assignment', head: [8], weight: 2, cost: 1, make: generateAssignment }];

export const floor: FloorSample<'AssignmentQuestion'> = {
  modelName: 'AssignmentQuestion',
  html: (e, { esc, evaluateButton }) => {
    const items = [...e.zones.flatMap((z) => z.items), ...e.disruptors].map((i) => `<li><button type="button">${esc(i.text ?? '')}</button></li>`).join('');
    const zones = e.zones.map((z) => `<section class="zone"><h4>${esc(z.title)}</h4><p>Drop here</p></section>`).join('');
    return `<form class="question">${e.instructions}<ul class="pool">${items}</ul>${zones}${evaluateButton(e.submitText)}</form>`;
  },
};
