import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ModelId } from '../../model/common';
import { ShareId } from '../../model/tracking';
import { currentUser } from '../auth/sessionCookie';
import type { Database } from '../db/types';
import { HttpError, parseBody } from '../http/errors';
import { requireShareAccess } from '../http/learnerAccess';
import { likes, setLiked } from '../store/favorites';
import type { Lookups } from '../store/lookups';
import { CONFLICT_MESSAGE } from './annotations';

/*
 * A material's like state (spec section 3), changed by `model/update` of the Material with `liked`:
 * a logged-in account that may open the share likes one of its materials, or no longer does. The old
 * value guards against a stale page (409 at `oldValues.liked`); asking for what already holds (a
 * repeated request) answers 200 and changes nothing.
 */

/** Body of `model/update` that changes a material's like state. */
export const LikeUpdateBody = z.strictObject({
  share: ShareId,
  model: z.strictObject({ modelName: z.literal('Material'), id: ModelId }),
  newValues: z.strictObject({ liked: z.boolean() }),
  oldValues: z.strictObject({ liked: z.boolean() }),
});

/** What the like update answers. */
export interface LikeState {
  modelName: 'Material';
  id: string;
  liked: boolean;
}

const errorAt = (status: number, path: string, message: string) => new HttpError(status, message, [{ path, message }]);

/** The handler of `model/update` for a Material (registered by ./models.ts). */
export function likeUpdate(db: Database, lookups: Lookups) {
  return async (request: FastifyRequest): Promise<{ data: LikeState }> => {
    const body = parseBody(LikeUpdateBody, request.body);
    const share = await lookups.share(body.share);
    if (!share) throw errorAt(404, 'share', 'Share not found');
    await requireShareAccess(db, request, share);
    const user = await currentUser(db, request);
    if (!user) throw errorAt(403, 'share', 'Log in to like a material');
    const materialId = body.model.id;
    const place = (await lookups.models([materialId])).get(materialId);
    const covered = place?.modelName === 'Material' && place.rootId === materialId && (await lookups.coveredRoots(share)).has(materialId);
    if (!covered) throw errorAt(404, 'model.id', 'Not found');
    const liked = body.newValues.liked;
    await db.transaction(async (tx) => {
      const current = await likes(tx, user.id, materialId);
      if (current === liked) return;
      if (current !== body.oldValues.liked) throw errorAt(409, 'oldValues.liked', CONFLICT_MESSAGE);
      await setLiked(tx, user.id, materialId, liked);
    });
    return { data: { modelName: 'Material', id: materialId, liked } };
  };
}
