import { z } from 'zod';
import { Asset, Html } from './common';

/** Fields a chapter or external resource may carry when it is a step of a path (spec section 3, Path). */
export const pathStepFields = {
  duration: z.string().optional(),
  description: z.optional(Html),
  pathTitle: z.string().optional(),
  pathCover: z.optional(Asset),
  pathDuration: z.string().optional(),
  pathDescription: z.optional(Html),
  pathSubmitText: z.string().optional(),
  pathEvaluationType: z.enum(['selfCompletion', 'openedCompletion']).optional(),
};

