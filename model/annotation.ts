import * as z from 'zod/mini';
import { ModelId } from './common';
import { RequestKey } from './requestKey';
import { RichTextDoc } from './richTextDoc';
import { GuestSessionId, ShareId } from './tracking';

/*
 * Annotations and their comments (issue 12; spec sections 3, 6 and 7): what the API answers and the
 * bodies of model/create, model/update, model/delete and annotations. Client and server parse with
 * these schemas (zod/mini, see ./common.ts).
 *
 * An annotation embeds its comments (oldest first): the list call answers everything the panel shows
 * in one request, and a comment is always read with its annotation. Owners are shown by kind and name
 * only: a guest session's id is the key of that guest's work and is never shown to anyone
 * (docs/learners.md, "Ids that are keys"), a user's id and email neither. `own` says whether the learner who
 * asked is the owner (the viewer offers edit and delete only then; the server checks it again).
 */

/** Longest selected text an annotation keeps. */
export const ANNOTATION_TEXT_MAX = 5_000;
/** Highest character offset of a selection in its element. */
export const ANNOTATION_OFFSET_MAX = 10_000_000;

export const ANNOTATION_SORTS = ['desc', 'asc'] as const;
/** Newest first by default (spec section 9: annotation sort default desc). */
export const AnnotationSort = z.enum(ANNOTATION_SORTS);
export type AnnotationSort = z.infer<typeof AnnotationSort>;

/** An owner's hash for the avatar service (spec section 7): SHA-256 of the trimmed, lower-cased email, in hex. */
export const AvatarHash = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'a SHA-256 hash in lower-case hex'));

/** Who wrote an annotation or a comment: a guest (their guest session's name) or a logged-in user (first and last name). */
export const AnnotationOwner = z.strictObject({
  kind: z.enum(['guest', 'user']),
  name: z.string(),
  /**
   * A user's avatar at the avatar service, only while USE_GRAVATAR is on and PRIVATE_MODE off (spec
   * section 6); never for a guest (no address). The address itself is never sent.
   */
  avatarHash: z.optional(AvatarHash),
});
export type AnnotationOwner = z.infer<typeof AnnotationOwner>;

/** Where an annotation was made: the share, the material and the place in it (the page's path below the material). */
export const AnnotationMetadata = z.strictObject({
  shareId: ShareId,
  /** The path of the page in the share, below the share's base (`chapter-one/chapter-two`); '' for the material's first page. */
  path: z.string().check(
    z.maxLength(500),
    // Segments of letters, digits, "-", "_" and "~" between single slashes: no "." or ".." segment, no "//".
    z.regex(/^\/?(?:[A-Za-z0-9_~-]+(?:\/[A-Za-z0-9_~-]+)*\/?)?$/, 'a path is segments of letters, digits, "-", "_" and "~" separated by "/"'),
  ),
  materialId: ModelId,
});
export type AnnotationMetadata = z.infer<typeof AnnotationMetadata>;

/** A comment on an annotation (spec section 3, Comment). */
export const Comment = z.strictObject({
  id: ModelId,
  modelName: z.literal('Comment'),
  owner: AnnotationOwner,
  /** The learner who asked wrote it. */
  own: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The normalised document (model/richTextDoc.ts). */
  content: RichTextDoc,
  /** Its html, made by the server from `content` alone (richTextToHtml). */
  contentHtml: z.string(),
});
export type Comment = z.infer<typeof Comment>;

/** An annotation: a marked passage of a text element with a note (spec section 3, Annotation). */
export const Annotation = z.strictObject({
  id: ModelId,
  modelName: z.literal('Annotation'),
  owner: AnnotationOwner,
  /** The learner who asked made it. */
  own: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The selected text as the learner saw it. */
  text: z.string(),
  /** Character offsets of the selection in the element's text (from < to). */
  from: z.int(),
  to: z.int(),
  /** The id of the element the selection is in. */
  reference: ModelId,
  note: RichTextDoc,
  noteHtml: z.string(),
  /** Embedded, oldest first; empty when comments are switched off (ANNOTATION_COMMENTS). */
  comments: z.array(Comment),
  metadata: AnnotationMetadata,
});
export type Annotation = z.infer<typeof Annotation>;

// ---------------------------------------------------------------------------------------------------
// Request bodies

/**
 * The guest session of a guest (or scorm) share, as the userdata call sends it; absent or null for a
 * logged-in user on a private share (who is known by the login cookie).
 */
const GuestSessionField = z.optional(z.nullable(GuestSessionId));

/**
 * `relations` of model/create: accepted for the model gateway's sake, and empty. The owner is never
 * taken from a body: it is the login or the guest session the call is made with.
 */
const Relations = z.optional(z.strictObject({}));

const Offset = z.int().check(z.minimum(0), z.maximum(ANNOTATION_OFFSET_MAX));

/**
 * The key of the draft being created (./requestKey.ts): a create that repeats a key its learner used
 * before answers what the first one made and writes nothing. Optional: without it, every create makes a
 * new annotation or comment.
 */
const RequestKeyField = z.optional(RequestKey);

/** `POST /api/model/create` of an annotation. */
export const AnnotationCreateBody = z
  .strictObject({
    model: z.strictObject({
      modelName: z.literal('Annotation'),
      text: z.string().check(z.minLength(1), z.maxLength(ANNOTATION_TEXT_MAX)),
      from: Offset,
      to: Offset,
      reference: ModelId,
      /** Optional: an annotation may start as a bare highlight with an empty note. */
      note: z.optional(RichTextDoc),
      metadata: AnnotationMetadata,
    }),
    relations: Relations,
    guestSessionId: GuestSessionField,
    requestKey: RequestKeyField,
  })
  .check(
    z.refine((body) => body.model.to > body.model.from, { message: 'to must be greater than from', path: ['model', 'to'] }),
  );
export type AnnotationCreateBody = z.infer<typeof AnnotationCreateBody>;

/** Where a new comment goes: appended to the annotation's comments (an index, when sent, changes nothing: comments stay in the order they were written). */
export const CommentAppendTo = z.strictObject({
  id: ModelId,
  modelName: z.literal('Annotation'),
  attribute: z.literal('comments'),
  index: z.optional(z.int().check(z.minimum(0))),
});

/** `POST /api/model/create` of a comment. */
export const CommentCreateBody = z.strictObject({
  model: z.strictObject({
    modelName: z.literal('Comment'),
    content: RichTextDoc,
  }),
  relations: Relations,
  appendTo: CommentAppendTo,
  guestSessionId: GuestSessionField,
  requestKey: RequestKeyField,
});
export type CommentCreateBody = z.infer<typeof CommentCreateBody>;

const ModelRef = <N extends 'Annotation' | 'Comment'>(modelName: N) => z.strictObject({ id: ModelId, modelName: z.literal(modelName) });

/** `POST /api/model/update` of an annotation's note; oldValues are what the learner's copy held (409 when the stored note differs). */
export const AnnotationUpdateBody = z.strictObject({
  model: ModelRef('Annotation'),
  newValues: z.strictObject({ note: RichTextDoc }),
  oldValues: z.strictObject({ note: RichTextDoc }),
  guestSessionId: GuestSessionField,
});
export type AnnotationUpdateBody = z.infer<typeof AnnotationUpdateBody>;

/** `POST /api/model/update` of a comment's content. */
export const CommentUpdateBody = z.strictObject({
  model: ModelRef('Comment'),
  newValues: z.strictObject({ content: RichTextDoc }),
  oldValues: z.strictObject({ content: RichTextDoc }),
  guestSessionId: GuestSessionField,
});
export type CommentUpdateBody = z.infer<typeof CommentUpdateBody>;

/** `POST /api/model/delete` of an annotation (with its comments) or a comment. */
export const AnnotationDeleteBody = z.strictObject({
  model: z.strictObject({ id: ModelId, modelName: z.enum(['Annotation', 'Comment']) }),
  guestSessionId: GuestSessionField,
});
export type AnnotationDeleteBody = z.infer<typeof AnnotationDeleteBody>;

/** The model names model/create, model/update and model/delete take (the other models come from imports). */
export const WritableModelName = z.enum(['Annotation', 'Comment']);
export type WritableModelName = z.infer<typeof WritableModelName>;

/** `POST /api/annotations`: the annotations of a material in a share, newest first unless `sort` says asc. */
export const AnnotationsListBody = z.strictObject({
  share: ShareId,
  materialId: ModelId,
  guestSessionId: GuestSessionField,
  sort: z.optional(AnnotationSort),
});
export type AnnotationsListBody = z.infer<typeof AnnotationsListBody>;

/**
 * `POST /api/annotations` without a body (spec section 7: the annotations call has none): the same
 * parameters in the address's query, each with its default but the share: the share's own material
 * (a material share), no guest session (a logged-in user by the login cookie), sort desc (spec section 9).
 */
export const AnnotationsListQuery = z.strictObject({
  share: ShareId,
  materialId: z.optional(ModelId),
  guestSessionId: z.optional(GuestSessionId),
  sort: z.optional(AnnotationSort),
});
export type AnnotationsListQuery = z.infer<typeof AnnotationsListQuery>;

/** Answer of `POST /api/annotations` (in `data`). */
export const AnnotationList = z.array(Annotation);
