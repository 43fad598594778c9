import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AnnotationCreateBody,
  AnnotationDeleteBody,
  AnnotationsListBody,
  AnnotationsListQuery,
  AnnotationUpdateBody,
  CommentCreateBody,
  CommentUpdateBody,
  WritableModelName,
  type Annotation,
  type Comment,
} from '../../model/annotation';
import { isEmptyRichText } from '../../model/richTextDoc';
import { currentUser } from '../auth/sessionCookie';
import type { FeatureFlags } from '../../model/pageData';
import type { Database } from '../db/types';
import { HttpError, parseBody } from '../http/errors';
import { mayOpenPrivateShare, trackedLearner } from '../http/learnerAccess';
import { createAnnotation, createComment } from '../store/annotationCreates';
import {
  avatarsShown,
  commentableAnnotation,
  deleteOwned,
  listAnnotations,
  updateAnnotationNote,
  updateCommentContent,
  type AnnotationLearner,
} from '../store/annotations';
import type { Lookups } from '../store/lookups';
import type { Share } from '../store/shares';

/*
 * Annotations and comments (issue 12; spec sections 6 and 7). Who may do what, checked here whatever
 * the viewer offers:
 *
 * - annotate: a logged-in user on a private share, or a guest with a guest session of the (guest or
 *   scorm) share in the body, as userdata (server/http/learnerAccess.ts trackedLearner); never on a
 *   public or preview share (403, naming the field);
 * - read (the annotations call): the same learners, every annotation of the share's material, each with
 *   `own` telling whether it is theirs;
 * - comment: a learner of the annotation's share (a guest of that share, or a logged-in user when the
 *   share is private), only while ANNOTATION_COMMENTS is on (403 otherwise, before anything is read);
 * - edit and delete: the owner alone. An id that is not the learner's answers exactly as an id that
 *   exists nowhere: 404, the same body (docs/learners.md, "Unknown and not yours look the same").
 *
 * Bodies cross the zod schemas of model/annotation.ts (400 naming each bad field). Documents are
 * normalised and turned into html by the server (model/richTextDoc.ts); an empty comment is a 400.
 * A refused call writes nothing: each write is one statement, or one transaction (model/update).
 *
 * model/create is idempotent by `requestKey` (server/store/annotationCreates.ts): a key the learner
 * used before answers what that create made (200, the same body as then, if nothing changed it since)
 * and writes nothing; a key the learner used for another passage or another annotation's comment is a
 * 409 at `requestKey`. Every check above runs first, as for any create.
 */

const errorAt = (status: number, path: string, message: string) => new HttpError(status, message, [{ path, message }]);
const notFoundAt = (path: string) => errorAt(404, path, 'Not found');

export const COMMENTS_OFF_MESSAGE = 'Comments are switched off on this server (ANNOTATION_COMMENTS)';
export const CONFLICT_MESSAGE = 'The resource has been modified. Please reload the page.';
export const KEY_TAKEN_MESSAGE = 'This request key was used for another annotation or comment';

/** The model name of a write body, read before the body is checked against that model's schema. */
const ModelNameOf = z.looseObject({ model: z.looseObject({ modelName: WritableModelName }) });

export interface AnnotationWriteOptions {
  db: Database;
  lookups: Lookups;
  /**
   * The feature flags as they are now (server/store/featureFlagCache.ts), read by each call:
   * ANNOTATION_COMMENTS (comments may be written, and are shown), and whether users who own annotations
   * and comments carry their avatar-service hash (server/store/annotations.ts avatarsShown).
   */
  featureFlags: () => Promise<FeatureFlags>;
}

/** What the feature flags allow now: comments (ANNOTATION_COMMENTS), and avatar hashes (avatarsShown). */
async function annotationFlags(opts: AnnotationWriteOptions): Promise<{ comments: boolean; avatars: boolean }> {
  const flags = await opts.featureFlags();
  return { comments: flags.ANNOTATION_COMMENTS, avatars: avatarsShown(flags) };
}

/** The handlers of model/create, model/update and model/delete for Annotation and Comment (registered by ./models.ts). */
export function annotationModelWrites(opts: AnnotationWriteOptions) {
  const { db, lookups } = opts;
  const flags = () => annotationFlags(opts);

  const modelNameOf = (body: unknown) => parseBody(ModelNameOf, body).model.modelName;
  const refuseComments = async () => {
    if (!(await flags()).comments) throw errorAt(403, 'model.modelName', COMMENTS_OFF_MESSAGE);
  };

  /**
   * The learner a call on an existing annotation or comment acts for, from its credentials alone (so
   * that the refusal says nothing of the id it names): the guest session in the body, else the login.
   */
  const credentialLearner = async (request: FastifyRequest, guestSessionId: string | null | undefined): Promise<{ learner: AnnotationLearner; guestShareId: string | null }> => {
    if (guestSessionId) {
      const shareId = await lookups.guestSessionShare(guestSessionId);
      if (!shareId) throw errorAt(403, 'guestSessionId', 'No guest session has this id');
      return { learner: { kind: 'guest', guestSessionId }, guestShareId: shareId };
    }
    const user = await currentUser(db, request);
    if (!user) throw errorAt(403, 'guestSessionId', 'Log in, or send the guest session id of this share');
    return { learner: { kind: 'user', userId: user.id }, guestShareId: null };
  };

  const create = async (request: FastifyRequest): Promise<{ data: Annotation | Comment }> => {
    if (modelNameOf(request.body) === 'Comment') {
      await refuseComments();
      const body = parseBody(CommentCreateBody, request.body);
      if (isEmptyRichText(body.model.content)) throw errorAt(400, 'model.content', 'A comment needs some text');
      const { learner, guestShareId } = await credentialLearner(request, body.guestSessionId);
      const commentable = await commentableAnnotation(db, body.appendTo.id, learner, guestShareId);
      if (!commentable || !(await learnerMayOpen(request, commentable.shareId))) throw notFoundAt('appendTo.id');
      const annotationId = commentable.id;
      const made = await createComment(db, { annotationId, content: body.model.content, requestKey: body.requestKey ?? null }, learner, (await flags()).avatars);
      // Deleted meanwhile (by its owner, between the check above and the insert): as if it never was.
      if (made.outcome === 'notFound') throw notFoundAt('appendTo.id');
      if (made.outcome === 'keyTaken') throw errorAt(409, 'requestKey', KEY_TAKEN_MESSAGE);
      return { data: made.value };
    }
    const body = parseBody(AnnotationCreateBody, request.body);
    const { model } = body;
    const share = await lookups.share(model.metadata.shareId);
    if (!share) throw notFoundAt('model.metadata.shareId');
    const learner = await trackedLearner(
      db,
      request,
      share,
      body.guestSessionId ?? null,
      { share: 'model.metadata.shareId', guestSessionId: 'guestSessionId' },
      lookups.guestSessionShare,
    );
    if (!(await coversMaterial(share, model.metadata.materialId))) throw notFoundAt('model.metadata.materialId');
    const element = (await lookups.models([model.reference])).get(model.reference);
    if (!element || element.rootId !== model.metadata.materialId) throw notFoundAt('model.reference');
    const made = await createAnnotation(
      db,
      {
        shareId: share.publicId,
        materialId: model.metadata.materialId,
        reference: model.reference,
        path: model.metadata.path,
        text: model.text,
        from: model.from,
        to: model.to,
        note: model.note ?? { type: 'doc', content: [{ type: 'paragraph' }] },
        requestKey: body.requestKey ?? null,
      },
      learner,
      (await flags()).avatars,
    );
    if (made.outcome === 'keyTaken') throw errorAt(409, 'requestKey', KEY_TAKEN_MESSAGE);
    return { data: made.value };
  };

  const update = async (request: FastifyRequest): Promise<{ data: Annotation | Comment }> => {
    if (modelNameOf(request.body) === 'Comment') {
      await refuseComments();
      const body = parseBody(CommentUpdateBody, request.body);
      if (isEmptyRichText(body.newValues.content)) throw errorAt(400, 'newValues.content', 'A comment needs some text');
      const { learner } = await credentialLearner(request, body.guestSessionId);
      const { avatars } = await flags();
      const result = await db.transaction((tx) => updateCommentContent(tx, body.model.id, learner, body.oldValues.content, body.newValues.content, avatars));
      if (result.outcome === 'notFound') throw notFoundAt('model.id');
      if (result.outcome === 'conflict') throw errorAt(409, 'oldValues.content', CONFLICT_MESSAGE);
      return { data: result.value };
    }
    const body = parseBody(AnnotationUpdateBody, request.body);
    const { learner } = await credentialLearner(request, body.guestSessionId);
    const { comments, avatars } = await flags();
    const result = await db.transaction((tx) => updateAnnotationNote(tx, body.model.id, learner, body.oldValues.note, body.newValues.note, comments, avatars));
    if (result.outcome === 'notFound') throw notFoundAt('model.id');
    if (result.outcome === 'conflict') throw errorAt(409, 'oldValues.note', CONFLICT_MESSAGE);
    return { data: result.value };
  };

  const remove = async (request: FastifyRequest): Promise<{ data: null }> => {
    if (modelNameOf(request.body) === 'Comment') await refuseComments();
    const body = parseBody(AnnotationDeleteBody, request.body);
    const { learner } = await credentialLearner(request, body.guestSessionId);
    if (!(await deleteOwned(db, body.model.modelName, body.model.id, learner))) throw notFoundAt('model.id');
    return { data: null };
  };

  /** A guest may open their own share; a user a private share whose root's permissions let them in. */
  const learnerMayOpen = async (request: FastifyRequest, shareId: string): Promise<boolean> => {
    const share = await lookups.share(shareId);
    const user = share?.settings.private ? await currentUser(db, request) : null;
    return !user || (share !== null && (await mayOpenPrivateShare(db, share, user)));
  };

  /** The share covers this material (its own, or one of its collection's). */
  const coversMaterial = async (share: Share, materialId: string): Promise<boolean> => {
    const place = (await lookups.models([materialId])).get(materialId);
    return !!place && place.modelName === 'Material' && place.rootId === materialId && (await lookups.coveredRoots(share)).has(materialId);
  };

  return { create, update, delete: remove, coversMaterial };
}

/**
 * The parameters of the annotations call: its body, or without one (spec section 7: none) its query
 * (AnnotationsListQuery); the material defaults to a material share's own, once the share is known.
 */
function listingOf(request: FastifyRequest): AnnotationsListQuery | AnnotationsListBody {
  return request.body === undefined ? parseBody(AnnotationsListQuery, request.query) : parseBody(AnnotationsListBody, request.body);
}

/**
 * `POST /api/annotations` AnnotationsListBody, or no body and AnnotationsListQuery → `{ data: Annotation[] }`
 * (registered under /api): the annotations of a material of the share, newest first (sort desc) or oldest
 * first (asc), with their comments while ANNOTATION_COMMENTS is on, and users' avatar hashes while avatars are shown.
 * Only for a learner of the share (403 naming the field otherwise: nobody on public and preview shares); a
 * material the share does not cover is a 404; a collection share names its material (400).
 */
export async function annotationRoutes(app: FastifyInstance, opts: AnnotationWriteOptions): Promise<void> {
  const { db, lookups } = opts;
  const writes = annotationModelWrites(opts);
  // A call without a body may still say Content-Type: application/json (spec section 7 sends it on every call).
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => (text === '' ? done(null, undefined) : json(request, text as string, done)));

  app.post('/annotations', async (request, reply) => {
    const asked = listingOf(request);
    const share = await lookups.share(asked.share);
    if (!share) throw notFoundAt('share');
    const learner = await trackedLearner(db, request, share, asked.guestSessionId ?? null, { share: 'share', guestSessionId: 'guestSessionId' }, lookups.guestSessionShare);
    const materialId = asked.materialId ?? (share.rootModelName === 'Material' ? share.rootId : undefined);
    if (materialId === undefined) throw errorAt(400, 'materialId', 'A collection share needs the material');
    const body = { ...asked, materialId };
    if (!(await writes.coversMaterial(share, body.materialId))) throw notFoundAt('materialId');
    reply.header('cache-control', 'no-store');
    const { comments, avatars } = await annotationFlags(opts);
    const data = await listAnnotations(db, { shareId: share.publicId, materialId: body.materialId, sort: body.sort ?? 'desc', withComments: comments }, learner, avatars);
    return { data };
  });
}
