import { z } from 'zod';
import { commonFields, Html } from '../../../model/common';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

export const Barrier = z.strictObject({
  ...commonFields,
  modelName: z.literal('Barrier'),
  mode: z.enum(['all', 'last', 'unlocked']).default('all'),
  /** Mode unlocked: the barrier may be passed only while this is on (set by the author, not the learner). */
  unlocked: z.boolean().default(false),
  buttonLabel: z.string().optional(),
  content: z._default(Html, ''),
  unlockedContent: z._default(Html, ''),
});

export type Barrier = z.infer<typeof Barrier>;
