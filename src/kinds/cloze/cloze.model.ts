import type { GapNode, GapSolution, RichTextNode } from '../../../model/richText';
import { seededShuffle } from '../../../model/seededShuffle';

/** Rules of the cloze question (spec section 4, Cloze). */

/** The gaps of a document in reading order. */
export function gapsOf(nodes: readonly RichTextNode[]): GapNode[] {
  const found: GapNode[] = [];
  const walk = (list: readonly RichTextNode[]) => {
    for (const node of list) {
      if ('type' in node) {
        if (node.type === 'gap') found.push(node);
        walk(node.children);
      }
    }
  };
  walk(nodes);
  return found;
}

function normalize(text: string): string {
  return text.trim().toLocaleLowerCase();
}

/** A gap has input when its (trimmed) input is not empty. */
export function gapHasInput(input: string | undefined): boolean {
  return (input ?? '').trim() !== '';
}

/** A gap is correct when its input matches a correct solution, case-insensitively and trimmed. */
export function isGapCorrect(gap: { solutions: readonly GapSolution[] }, input: string | undefined): boolean {
  if (!gapHasInput(input)) return false;
  const answer = normalize(input ?? '');
  return gap.solutions.some((solution) => solution.correct && normalize(solution.text) === answer);
}

export function isClozeCorrect(gaps: readonly Pick<GapNode, 'solutions'>[], inputs: readonly string[]): boolean {
  return gaps.every((gap, index) => isGapCorrect(gap, inputs[index]));
}

export function clozeHasInput(inputs: readonly string[]): boolean {
  return inputs.some(gapHasInput);
}

/** The options of a dropdown gap: every solution text once, in an order stable per gap. */
export function dropdownOptions(gap: Pick<GapNode, 'id' | 'solutions'>): string[] {
  const texts = [...new Set(gap.solutions.map((solution) => solution.text))];
  return seededShuffle(texts, gap.id);
}
