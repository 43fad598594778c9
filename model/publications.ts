/*
 * Bodies of the publication calls of spec section 7 (paths as issue 24 fixes them): `POST /api/publish`,
 * `POST /api/publication/all`, `POST /api/publication/diff`, `DELETE /api/publication/{id}` and
 * `PUT /api/publication/{id}` (update to that publication: it becomes current).
 */
import { z } from 'zod';
import { ModelId } from './common';

export const PublishedModelName = z.enum(['Material', 'Collection']);

/** A publication's id (made by the server, unguessable). */
export const PublicationId = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'a publication id');

export const PUBLICATION_MESSAGE_MAX_CHARS = 2000;

/** `publish`: modelName, modelId, message (default empty). */
export const PublishBody = z.strictObject({
  modelName: PublishedModelName,
  modelId: ModelId,
  message: z.string().max(PUBLICATION_MESSAGE_MAX_CHARS).default(''),
});

/** `Publication: all`: modelName, modelId. */
export const PublicationListBody = z.strictObject({ modelName: PublishedModelName, modelId: ModelId });

/** `Publication: diff`: modelName, modelId, newer, older (publication ids of that root). */
export const PublicationDiffBody = z.strictObject({ modelName: PublishedModelName, modelId: ModelId, newer: PublicationId, older: PublicationId });

/** `DELETE` and `PUT /api/publication/{id}`: the id in the path; a body, when sent, carries nothing. */
export const PublicationParams = z.strictObject({ id: PublicationId });
export const PublicationPayload = z.union([z.undefined(), z.null(), z.strictObject({})]);
