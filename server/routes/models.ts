import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding, type Envelope, type MaterialAnswers } from '../store/materialAnswers';
import { z } from 'zod';
import { ModelId } from '../../model/common';
import { GuestSessionId, ShareId } from '../../model/tracking';
import { MODEL_NAMES } from '../../model/elements';
import type { Database, Queryable } from '../db/types';
import { notFound, parseBody } from '../http/errors';
import { requireShareAccess, requireShareMaterial } from '../http/learnerAccess';
import { collectionMaterialIds, findCollectionMaterial, loadCollection } from '../store/collections';
import { findModels, loadMaterial, loadSubtree } from '../store/models';
import type { Lookups } from '../store/lookups';
import type { Share } from '../store/shares';
import type { FeatureFlags } from '../../model/pageData';
import { annotationModelWrites } from './annotations';
import { likeUpdate } from './favorites';
import { invitationUpdate } from './permissions';
import { authoringHandlers } from './authoring';
import { AuthoredModelName } from '../../model/authoring';
import { PUBLICATION_HEADER } from '../../model/publicationHeader';

/** Every modelName a stored row can have. */
export const QueryModelName = z.enum([
  'Material',
  'Collection',
  ...MODEL_NAMES,
  'Choice',
  'AssignmentQuestionZone',
  'AssignmentQuestionItem',
] as [string, ...string[]]);

/** Which handler a model call goes to: the model's name, and (a material's like state) the fields it changes. */
const CallShape = z.looseObject({
  model: z.looseObject({ modelName: z.string() }),
  newValues: z.looseObject({}).optional(),
});

/** Body of `POST /api/model/query`. */
export const ModelQueryBody = z.strictObject({
  share: ShareId,
  modelName: QueryModelName,
  id: z.optional(ModelId),
  publicId: z.string().min(1).max(200).optional(),
});

/** Body of `POST /api/collectionMaterial`. */
export const CollectionMaterialBody = z.strictObject({
  collectionPublicId: ShareId,
  publicId: z.string().min(1).max(200),
  guestSessionId: z.optional(GuestSessionId),
});

/** Roots a share gives access to: its material, or its collection and the collection's materials. */
export async function coveredRoots(db: Queryable, share: Share): Promise<string[]> {
  if (share.rootModelName === 'Material') return [share.rootId];
  return [share.rootId, ...(await collectionMaterialIds(db, share.rootId))];
}

async function loadAnswer(db: Queryable, model: { id: string; modelName: string }): Promise<unknown> {
  if (model.modelName === 'Material') return loadMaterial(db, model.id);
  if (model.modelName === 'Collection') return loadCollection(db, model.id);
  return loadSubtree(db, model.id);
}

/**
 * The model calls of spec section 7 (registered under /api); a private share answers only a logged-in user (403).
 * model/create, model/update and model/delete take the models learners write, Annotation and Comment
 * (./annotations.ts; any other model name is a 400 at `model.modelName`); model/update also accepts an
 * invitation (UserPermission, ./permissions.ts) and changes a material's like state (Material,
 * ./favorites.ts); `featureFlags` are the flags as they are now (ANNOTATION_COMMENTS, and whether owners carry
 * their avatar hash: server/store/annotations.ts avatarsShown).
 */
export async function modelRoutes(
  app: FastifyInstance,
  opts: { db: Database; lookups: Lookups; materials: MaterialAnswers; featureFlags: () => Promise<FeatureFlags> },
): Promise<void> {
  const { db, lookups, materials } = opts;
  const writes = annotationModelWrites({ db, lookups, featureFlags: opts.featureFlags });
  const updates = { UserPermission: invitationUpdate(db), Material: likeUpdate(db, lookups), Annotation: writes.update, Comment: writes.update };
  const authoring = authoringHandlers(db);

  /**
   * A material's answer from the cache of serialised, compressed answers (server/store/materialAnswers.ts).
   * Tagged with its version: a conditional GET of an unchanged material answers 304.
   */
  const sendMaterial = async (request: FastifyRequest, reply: FastifyReply, rootId: string, envelope: Envelope) => {
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    const answer = await materials.answer(rootId, envelope, encoding);
    if (!answer) throw notFound();
    const etag = `"${createHash('sha1').update(`${envelope}:${answer.version}`).digest('base64url')}"`;
    reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'Accept-Encoding').header('etag', etag);
    // Which publication this answer shows: a page in a collection compares it with the current one (src/publication).
    if (answer.publicationId) reply.header(PUBLICATION_HEADER, answer.publicationId);
    if (request.method === 'GET' && request.headers['if-none-match'] === etag) return reply.status(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(answer.body);
  };

  /**
   * `GET /api/material/{share}/{id}`: the material of a share as `{ data: material }`, for the page to
   * preload while the app's code loads (a POST cannot be preloaded); the same access rules as
   * `model/query`. Browsers revalidate it (no-cache) and get 304 while it is unchanged.
   */
  app.get('/material/:share/:id', async (request, reply) => {
    const { share: sharePublicId, id } = request.params as { share: string; id: string };
    await requireShareMaterial(db, lookups, request, sharePublicId, id);
    reply.header('cache-control', 'private, no-cache');
    return sendMaterial(request, reply, id, 'single');
  });

  app.post('/model/query', async (request, reply) => {
    if (typeof request.body === 'object' && request.body !== null && 'draft' in request.body) return authoring.queryDraft(request);
    const body = parseBody(ModelQueryBody, request.body);
    const share = await lookups.share(body.share);
    if (!share) throw notFound('Share not found');
    await requireShareAccess(db, request, share);
    const rootIds = [...(await lookups.coveredRoots(share))];
    const found = await findModels(db, { modelName: body.modelName, rootIds, id: body.id, publicId: body.publicId });
    // A model of another material answers exactly like one that does not exist: no oracle of what exists elsewhere (issue 14).
    if (!found.length) throw notFound();
    if (found.length === 1 && found[0].modelName === 'Material') return sendMaterial(request, reply, found[0].id, 'list');
    const data = await Promise.all(found.map((model) => loadAnswer(db, model)));
    return { data };
  });

  app.post('/collectionMaterial', async (request, reply) => {
    const body = parseBody(CollectionMaterialBody, request.body);
    const share = await lookups.share(body.collectionPublicId);
    if (!share || share.rootModelName !== 'Collection') throw notFound('Collection not found');
    await requireShareAccess(db, request, share);
    const materialId = await findCollectionMaterial(db, share.rootId, body.publicId);
    if (!materialId) throw notFound();
    return sendMaterial(request, reply, materialId, 'single');
  });

  const shape = (request: FastifyRequest) => {
    const parsed = CallShape.safeParse(request.body);
    return parsed.success ? parsed.data : null;
  };
  // A call names an author's model, or it is a learner's (whose route names what is wrong with it).
  const isLearners = (request: FastifyRequest) => !AuthoredModelName.safeParse(shape(request)?.model.modelName).success;
  app.post('/model/create', (request, reply) => (isLearners(request) ? writes.create(request) : authoring.create(request, reply)));
  app.post('/model/update', (request) => {
    const call = shape(request);
    const name = call?.model.modelName ?? '';
    if (name === 'Annotation' || name === 'Comment' || name === 'UserPermission') return updates[name](request);
    // A learner's like of a material changes `liked` alone; any other change of a material is an author's.
    if (name === 'Material' && Object.keys(call?.newValues ?? {}).join() === 'liked') return updates.Material(request);
    return authoring.update(request);
  });
  app.post('/model/delete', (request) => (isLearners(request) ? writes.delete(request) : authoring.delete(request)));
  app.post('/model/restore', (request) => authoring.restore(request));
  app.post('/model/copy', (request, reply) => authoring.copy(request, reply));
}
