import { z } from 'zod';
import { Asset, HexColor, Html, ModelId, PublicId } from './common';
import { ContentElement } from './elements';

export const MetadataValue = z.union([z.string(), z.array(z.string())]);

/** A material (a course) as authors write it in a material file. */
export const Material = z
  .strictObject({
    $schema: z.string().optional(),
    modelName: z.literal('Material'),
    id: ModelId,
    publicId: PublicId,
    title: z.string().min(1, 'a material needs a title'),
    cover: Asset.optional(),
    color: HexColor.optional(),
    /** ISO date-time; set on import when missing. */
    created_at: z.iso.datetime({ offset: true }).optional(),
    evaluationType: z.enum(['scrolling', 'composite']).default('composite'),
    metadata: z.record(z.string(), MetadataValue).default({}),
    description: Html.default(''),
    duration: z.string().optional(),
    content: z.array(ContentElement),
  })
  .superRefine((material, ctx) => {
    for (const issue of duplicateIdIssues(material)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type Material = z.infer<typeof Material>;
export type MaterialInput = z.input<typeof Material>;

export const CollectionItem = z.strictObject({ id: ModelId, material: Material });

/** A collection groups materials; its file holds the materials themselves. */
export const Collection = z.strictObject({
  $schema: z.string().optional(),
  modelName: z.literal('Collection'),
  id: ModelId,
  publicId: PublicId,
  title: z.string().min(1, 'a collection needs a title'),
  description: Html.default(''),
  cover: Asset.optional(),
  color: HexColor.optional(),
  items: z.array(CollectionItem),
});
export type Collection = z.infer<typeof Collection>;

/** What `npm run import` accepts. */
export const ImportFile = z.discriminatedUnion('modelName', [Material, Collection]);
export type ImportFile = z.infer<typeof ImportFile>;

type IdIssue = { path: (string | number)[]; message: string };

/** Ids name one model each across a whole material, so learner state and links stay unambiguous. */
export function duplicateIdIssues(root: { id: string; content: readonly unknown[] }): IdIssue[] {
  const seen = new Map<string, string>();
  const issues: IdIssue[] = [];
  const visit = (value: unknown, path: (string | number)[]) => {
    if (Array.isArray(value)) {
      value.forEach((v, i) => visit(v, [...path, i]));
      return;
    }
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.id === 'string' && (typeof record.modelName === 'string' || path.length === 0)) {
      const where = formatPath(path);
      const first = seen.get(record.id);
      if (first !== undefined) issues.push({ path: [...path, 'id'], message: `duplicate id "${record.id}" (first used at ${first || 'the root'})` });
      else seen.set(record.id, where);
    }
    for (const [key, child] of Object.entries(record)) {
      if (child && typeof child === 'object') visit(child, [...path, key]);
    }
  };
  visit(root, []);
  return issues;
}

/** `content[3].choices[1].correct` */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
}

/** Every issue as `path: message`, the form the import command and the API print. */
export function formatIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${formatPath(issue.path) || '(root)'}: ${issue.message}`);
}
