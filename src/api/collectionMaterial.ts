import * as z from 'zod/mini';
import type { Material } from '../../model/material';
import { PUBLICATION_HEADER } from '../../model/publicationHeader';
import { HttpError } from './client';

/** The envelope of a served material, as ./client.ts checks it (the material itself was checked at import). */
const ServedMaterial = z.looseObject({ modelName: z.literal('Material'), id: z.string(), publicId: z.string(), content: z.array(z.unknown()) });

/**
 * `POST /api/collectionMaterial`: a material of a collection share, and the publication it was drawn from
 * (the answer's header; null when it has none), which the page compares with the current one (issue 24).
 * A refusal is an HttpError with its status (the route's error view shows it). Here, not in ./client.ts,
 * so that only the collection's pages carry it.
 */
export async function collectionMaterial(
  base: string,
  collectionPublicId: string,
  publicId: string,
  guestSessionId?: string,
): Promise<{ material: Material; publicationId: string | null }> {
  const url = `${base}/collectionMaterial`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ collectionPublicId, publicId, guestSessionId }),
  });
  if (!response.ok) throw new HttpError(response.status, url, response.headers);
  const served = ServedMaterial.parse(((await response.json()) as { data?: unknown } | null)?.data);
  return { material: served as unknown as Material, publicationId: response.headers.get(PUBLICATION_HEADER) };
}
