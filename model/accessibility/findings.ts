import { z } from 'zod';

/** Every problem the accessibility report finds (./report.ts); the texts for each: ./texts.ts. */
export const A11Y_PROBLEMS = [
  'imageAltMissing',
  'imageAltPlaceholder',
  'headingSkipsLevel',
  'linkNameVague',
  'linkNameUrl',
  'linkNameEmpty',
  'themeContrast',
  'videoWithoutCaptions',
  'embedWithoutTitle',
  'colourOnly',
  'languageMissing',
  'languageInvalid',
] as const;
export const A11yProblem = z.enum(A11Y_PROBLEMS);
export type A11yProblem = z.infer<typeof A11yProblem>;

/** One problem and where it is: the element (id and kind), the field, and the titles of its chapters. */
export const A11yFinding = z.strictObject({
  problem: A11yProblem,
  /** The material it is in; absent for the installation's theme. */
  material: z.optional(z.strictObject({ id: z.string(), title: z.string() })),
  elementId: z.string(),
  /** The element's modelName, or `Material`, `Settings`. */
  kind: z.string(),
  /** Titles of the chapters around it, outermost first (empty on the material's own page). */
  chapters: z.array(z.string()),
  /** Which field of the element, as in the material file (`alt`, `content.html`, `choices[1].text`). */
  field: z.string(),
  /** What the texts fill in: the alt text, the link name, the levels, the colours and their ratio … */
  values: z.record(z.string(), z.string()),
});
export type A11yFinding = z.infer<typeof A11yFinding>;

export const A11yReport = z.strictObject({
  root: z.strictObject({ modelName: z.enum(['Material', 'Collection']), id: z.string(), title: z.string() }),
  /** How many materials were checked (a collection: each of its materials). */
  materials: z.number().int().nonnegative(),
  findings: z.array(A11yFinding),
});
export type A11yReport = z.infer<typeof A11yReport>;
