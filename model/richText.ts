import { z } from 'zod';
import { ModelId } from './common';

/** A text leaf of the rich-text document with its marks (spec section 3, "Rich-text document"). */
export const RichTextLeaf = z.strictObject({
  text: z.string(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  linethrough: z.boolean().optional(),
  highlight1: z.boolean().optional(),
  highlight2: z.boolean().optional(),
  highlight3: z.boolean().optional(),
  highlight4: z.boolean().optional(),
  highlight5: z.boolean().optional(),
});
export type RichTextLeaf = z.infer<typeof RichTextLeaf>;

export const GapSolution = z.strictObject({ text: z.string(), correct: z.boolean() });
export type GapSolution = z.infer<typeof GapSolution>;

export type RichTextNode =
  | RichTextLeaf
  | { type: 'p' | 'h1' | 'ul' | 'ol' | 'li' | 'sub' | 'sup'; children: RichTextNode[] }
  | { type: 'a'; url: string; target?: string; class?: string; children: RichTextNode[] }
  | { type: 'gap'; id: string; mode: 'textinput' | 'dropdown'; solutions: GapSolution[]; children: RichTextNode[] }
  | { type: 'svg'; icon?: string; css?: string; file?: string; children: RichTextNode[] };

export const RichTextNode: z.ZodType<RichTextNode> = z.lazy(() =>
  z.union([
    RichTextLeaf,
    z.strictObject({ type: z.enum(['p', 'h1', 'ul', 'ol', 'li', 'sub', 'sup']), children: z.array(RichTextNode) }),
    z.strictObject({
      type: z.literal('a'),
      url: z.string(),
      target: z.string().optional(),
      class: z.string().optional(),
      children: z.array(RichTextNode),
    }),
    z.strictObject({
      type: z.literal('gap'),
      id: ModelId,
      mode: z.enum(['textinput', 'dropdown']),
      solutions: z.array(GapSolution).min(1, 'a gap needs at least one solution'),
      children: z.array(RichTextNode),
    }),
    z.strictObject({
      type: z.literal('svg'),
      icon: z.string().optional(),
      css: z.string().optional(),
      file: z.string().optional(),
      children: z.array(RichTextNode),
    }),
  ]),
);

/** A rich-text document: at least one block; top-level blocks are p, ul or ol (spec section 5). */
export const RichTextDocument = z
  .array(
    z.lazy(() =>
      z.union([
        z.strictObject({ type: z.literal('p'), children: z.array(RichTextNode) }),
        z.strictObject({ type: z.enum(['ul', 'ol']), children: z.array(RichTextNode) }),
      ]),
    ),
  )
  .min(1, 'a rich-text document has at least one block');
export type RichTextDocument = z.infer<typeof RichTextDocument>;

export type GapNode = Extract<RichTextNode, { type: 'gap' }>;
