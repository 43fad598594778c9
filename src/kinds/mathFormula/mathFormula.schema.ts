import { z } from 'zod';
import { commonFields } from '../../../model/common';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

export const MathFormula = z.strictObject({
  ...commonFields,
  modelName: z.literal('MathFormula'),
  /** LaTeX source; empty shows "Mathematical formula is missing". */
  content: z.string().default(''),
});

export type MathFormula = z.infer<typeof MathFormula>;
