import { z } from 'zod';
import { Asset, HexColor, Html, MetadataValue, ModelId, PublicId } from './common';
import { certificateQuestionIds } from '../src/kinds/certificate/certificateQuestions';
import { ContentElement } from './elements';
import { ABILITIES, ROLE_NAME } from './permissions';

export { MetadataValue };
/** In ./certificateQuestions.ts, which the browser imports without the schemas of this module. */
export { certificateQuestionIds, QUESTIONS_BLOCK } from '../src/kinds/certificate/certificateQuestions';

/** What a permission grants, each ability once (model/permissions.ts). */
const Abilities = z
  .array(z.enum(ABILITIES))
  .min(1, 'a permission grants at least one ability')
  .refine((abilities) => new Set(abilities).size === abilities.length, 'each ability once');

/**
 * Who may open the private shares of a material or collection, as its file declares it (spec sections 3
 * and 6): an account by its email, or every account holding a role. Without any, every account may.
 */
export const PermissionInput = z.discriminatedUnion('modelName', [
  z.strictObject({
    modelName: z.literal('UserPermission'),
    /** The account's email (it may be made later with `npm run users`). */
    user: z.string().trim().check(z.email('an email address'), z.maxLength(320)),
    abilities: Abilities,
    /** An author's grant needs no answer; false makes it an invitation the account accepts first. */
    inviteAccepted: z.boolean().default(true),
  }),
  z.strictObject({
    modelName: z.literal('RolePermission'),
    role: z.string().regex(ROLE_NAME, 'a role is lower-case letters, digits, "-" and "_", starting with a letter (at most 40)'),
    abilities: Abilities,
  }),
]);
export type PermissionInput = z.infer<typeof PermissionInput>;

/** A root's permissions: each account and each role once. Kept by the server, never sent to learners. */
const Permissions = z
  .array(PermissionInput)
  .superRefine((permissions, ctx) => {
    const seen = new Map<string, number>();
    permissions.forEach((permission, i) => {
      const holder = permission.modelName === 'UserPermission' ? `user ${permission.user.toLowerCase()}` : `role ${permission.role}`;
      const first = seen.get(holder);
      if (first === undefined) seen.set(holder, i);
      else ctx.addIssue({ code: 'custom', path: [i], message: `a second permission for the ${holder} (first at [${first}])` });
    });
  });

/** A material (a course) as authors write it in a material file. */
export const Material = z
  .strictObject({
    $schema: z.string().optional(),
    modelName: z.literal('Material'),
    id: ModelId,
    publicId: PublicId,
    title: z.string().min(1, 'a material needs a title'),
    cover: z.optional(Asset),
    color: z.optional(HexColor),
    /** ISO date-time; set on import when missing. */
    created_at: z.iso.datetime({ offset: true }).optional(),
    evaluationType: z.enum(['scrolling', 'composite']).default('composite'),
    metadata: z.record(z.string(), MetadataValue).default({}),
    description: z._default(Html, ''),
    duration: z.string().optional(),
    permissions: Permissions.optional(),
    content: z.array(ContentElement),
  })
  .superRefine((material, ctx) => {
    for (const issue of [...duplicateIdIssues(material), ...duplicatePublicIdIssues(material), ...certificateQuestionIssues(material)]) {
      ctx.addIssue({ code: 'custom', ...issue });
    }
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
  description: z._default(Html, ''),
  cover: z.optional(Asset),
  color: z.optional(HexColor),
  permissions: Permissions.optional(),
  items: z.array(CollectionItem),
}).superRefine((collection, ctx) => {
  // Every model is one database row: ids must be unique across all materials of the collection.
  const owner = new Map<string, number>();
  collection.items.forEach((item, i) => {
    forEachKeyed(item.material, 'id', (id, path) => {
      const first = owner.get(id);
      if (first === undefined) owner.set(id, i);
      else if (first !== i) {
        ctx.addIssue({ code: 'custom', path: ['items', i, 'material', ...path, 'id'], message: `duplicate id "${id}" (also used in items[${first}].material)` });
      }
    });
  });
  const publicIds = new Map<string, number>();
  collection.items.forEach((item, i) => {
    const first = publicIds.get(item.material.publicId);
    if (first !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['items', i, 'material', 'publicId'], message: `duplicate publicId "${item.material.publicId}" (first used at items[${first}])` });
    } else publicIds.set(item.material.publicId, i);
  });
});
export type Collection = z.infer<typeof Collection>;

/** What `npm run import` accepts. */
export const ImportFile = z.discriminatedUnion('modelName', [Material, Collection]);
export type ImportFile = z.infer<typeof ImportFile>;

type IdIssue = { path: (string | number)[]; message: string };

/** Calls `visit` for every object carrying a string `key` below `root`, with its path. */
function forEachKeyed(root: unknown, key: 'id' | 'publicId', visit: (value: string, path: (string | number)[], record: Record<string, unknown>) => void) {
  const walk = (value: unknown, path: (string | number)[]) => {
    if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, [...path, i]));
      return;
    }
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record[key] === 'string') visit(record[key] as string, path, record);
    for (const [field, child] of Object.entries(record)) {
      if (child && typeof child === 'object' && field !== 'asset' && field !== 'cover') walk(child, [...path, field]);
    }
  };
  walk(root, []);
}

function uniqueIssues(root: unknown, key: 'id' | 'publicId'): IdIssue[] {
  const seen = new Map<string, string>();
  const issues: IdIssue[] = [];
  forEachKeyed(root, key, (value, path) => {
    const first = seen.get(value);
    if (first !== undefined) issues.push({ path: [...path, key], message: `duplicate ${key} "${value}" (first used at ${first || 'the root'})` });
    else seen.set(value, formatPath(path));
  });
  return issues;
}

/**
 * Ids name one model each (elements, choices, gaps, spots, polygons …) across a whole material, so
 * learner state and links stay unambiguous.
 */
export function duplicateIdIssues(root: { id: string; content: readonly unknown[] }): IdIssue[] {
  return uniqueIssues(root, 'id');
}

/** Chapters, paths and resources are found by publicId in URLs: one publicId, one place. */
export function duplicatePublicIdIssues(root: { publicId: string; content: readonly unknown[] }): IdIssue[] {
  return uniqueIssues(root, 'publicId');
}

/** The `[questions] [id] …` block of a certificate may only name free-text elements of the material. */
export function certificateQuestionIssues(root: { content: readonly unknown[] }): IdIssue[] {
  const freeTextIds = new Set<string>();
  const certificates: { path: (string | number)[]; content: string }[] = [];
  forEachKeyed(root, 'id', (_id, path, record) => {
    if (record.modelName === 'FreeTextInput') freeTextIds.add(record.id as string);
    if (record.modelName === 'Certificate' && typeof record.content === 'string') certificates.push({ path, content: record.content });
  });
  return certificates.flatMap(({ path, content }) =>
    certificateQuestionIds(content)
      .filter((id) => !freeTextIds.has(id))
      .map((id) => ({ path: [...path, 'content'], message: `[questions] names "${id}", which is no free-text element of this material` })),
  );
}


/** `content[3].choices[1].correct` */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
}

/** Every issue as `path: message`, the form the import command and the API print. */
export function formatIssues(error: z.core.$ZodError): string[] {
  return error.issues.map((issue) => `${formatPath(issue.path) || '(root)'}: ${issue.message}`);
}
