import type { RichTextNode } from '../../../model/richText';
import type { ElementInput, FloorPage, FloorSample, MixEntry, SampleSource } from '../../../scripts/bench/sampleSource';

/** Two paragraphs, a text gap (a number) in the first, a dropdown gap (three words) in the second. */
export function generateCloze(g: SampleSource): ElementInput {
  const id = g.id('cloze');
  const gap = (n: number, mode: 'textinput' | 'dropdown') => ({
    type: 'gap' as const,
    id: `${id}-gap${n}`,
    mode,
    solutions: mode === 'textinput'
      ? [{ text: String(10 + g.int(90)), correct: true }]
      : [{ text: g.words(1), correct: true }, { text: g.words(1), correct: false }, { text: g.words(1), correct: false }],
    children: [{ text: '' }],
  });
  return {
    modelName: 'ClozeQuestion', id, question: '<p>Fill in the gaps.</p>',
    content: [
      { type: 'p', children: [{ text: `${g.sentence(5, 5).slice(0, -1)} ` }, gap(1, 'textinput'), { text: ` ${g.words(4)}.` }] },
      { type: 'p', children: [{ text: `${g.sentence(4, 4).slice(0, -1)} ` }, gap(2, 'dropdown'), { text: ` ${g.words(3)}.` }] },
    ],
    feedbackPositive: '<p>All gaps are right.</p>',
    feedbackNegative: '<p>Not yet: read the section again.</p>',
  };
}

export const mix: MixEntry[] = [{ name: 'Cloze', head: [6], weight: 3, cost: 1, make: generateCloze }];

/** The gap text as plain HTML: text gaps are inputs, dropdown gaps selects. */
function richText(nodes: readonly RichTextNode[], esc: FloorPage['esc']): string {
  return nodes
    .map((node) => {
      if (!('type' in node)) {
        let text = esc(node.text);
        if (node.bold) text = `<strong>${text}</strong>`;
        if (node.italic) text = `<em>${text}</em>`;
        return text;
      }
      switch (node.type) {
        case 'gap': {
          if (node.mode === 'textinput') return `<input type="text" name="${esc(node.id)}" size="8" aria-label="Gap">`;
          const options = node.solutions.map((s) => `<option>${esc(s.text)}</option>`).join('');
          return `<select name="${esc(node.id)}" aria-label="Gap"><option value="">Choose</option>${options}</select>`;
        }
        case 'a':
          return `<a href="${esc(node.url)}">${richText(node.children, esc)}</a>`;
        case 'svg':
          return '';
        default:
          return `<${node.type}>${richText(node.children, esc)}</${node.type}>`;
      }
    })
    .join('');
}

export const floor: FloorSample<'ClozeQuestion'> = {
  modelName: 'ClozeQuestion',
  html: (e, { esc, evaluateButton }) => `<form class="question">${e.question}<div>${richText(e.content, esc)}</div>${evaluateButton(e.submitText)}</form>`,
};
