import { z } from 'zod';
import { commonFields } from '../../../model/common';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

export const Separator = z.strictObject({ ...commonFields, modelName: z.literal('Separator') });

export type Separator = z.infer<typeof Separator>;
