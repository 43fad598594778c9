import * as z from 'zod/mini';
import { ModelId } from './common';
import { ShareId } from './tracking';

/*
 * `POST /api/publication/current` (issue 24): which publication of a material its shares show now, so a
 * page drawn from an older one can offer a reload. The same access rules as `GET /api/material/{share}/{id}`.
 */

/** The share the page is on and the material it shows (a collection's material: that material's id). */
export const CurrentPublicationBody = z.strictObject({ share: ShareId, materialId: ModelId });
export type CurrentPublicationBody = z.infer<typeof CurrentPublicationBody>;

/** The `data` of the answer: the current publication's id, null while the material has none. */
export const CurrentPublication = z.strictObject({ id: z.nullable(z.string()) });
export type CurrentPublication = z.infer<typeof CurrentPublication>;
