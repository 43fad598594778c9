import type { ElementOf } from '../../../model/elements';
import type { KindRules } from '../kindRules';
import type { RichTextNode } from '../../../model/richText';

type Cloze = ElementOf<'ClozeQuestion'>;

/** A cloze text as plain text; a gap shows as a blank (its solutions are not given away). */
function withBlanks(nodes: readonly RichTextNode[]): string {
  return nodes
    .map((node) => {
      if ('text' in node) return node.text;
      if (node.type === 'gap') return ' ___ ';
      const inner = withBlanks(node.children);
      return node.type === 'p' || node.type === 'li' || node.type === 'h1' ? `${inner}\n` : inner;
    })
    .join('');
}

export const clozeRules: KindRules<Cloze> = {
  question: true,
  stateful: true,
  standIn: { dozes: true, parts: (element) => [{ html: element.question }, { text: withBlanks(element.content) }] },
};
