import { z } from 'zod';
import { commonFields } from '../../../model/common';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

export const Code = z.strictObject({
  ...commonFields,
  modelName: z.literal('Code'),
  content: z.string(),
  mode: z
    .enum([
      'c_cpp', 'csharp', 'css', 'dockerfile', 'golang', 'html', 'java', 'javascript', 'json', 'latex', 'less',
      'markdown', 'mysql', 'nginx', 'php', 'python', 'sh', 'sql', 'stylus', 'text', 'typescript', 'xml', 'yaml',
    ])
    .default('javascript'),
});

export type Code = z.infer<typeof Code>;
