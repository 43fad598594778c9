import * as z from 'zod/mini';
import type { LikeChange } from '../../machines/favorites';
import { call } from './client';

/** Saves a material's like state for the logged-in user: model/update of the Material's `liked` (spec sections 3 and 7). */
export async function saveLike(base: string, share: string, change: LikeChange): Promise<void> {
  await call(
    base,
    'model/update',
    { share, model: { modelName: 'Material', id: change.materialId }, newValues: { liked: change.liked }, oldValues: { liked: change.was } },
    z.unknown(),
  );
}
