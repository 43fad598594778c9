import * as z from 'zod/mini';
import { CollectionView } from '../../model/collectionView';
import type { Material } from '../../model/material';
import { materialUrl } from '../../model/materialUrl';
import { showGatewayError, toastsGatewayError } from '../ui/toasts';

/** A non-OK answer: carries status, url and headers (spec section 8). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    readonly headers: Headers,
    readonly errors: { path?: string; message: string }[] = [],
  ) {
    super(`HTTP ${status} for ${url}${errors.length ? `: ${errors.map((e) => e.message).join('; ')}` : ''}`);
  }
}

const ErrorBody = z.object({ errors: z.array(z.object({ path: z.optional(z.string()), message: z.string() })) });

/**
 * POST a JSON body to an API call and parse the answer's `data` with `schema`. A failed model call
 * (`model/…`) also shows the gateway toast of spec section 8, unless the error view shows it.
 * `signal` aborts the request (a search dropped for a newer one).
 */
export async function call<S extends z.ZodMiniType>(base: string, path: string, body: unknown, schema: S, signal?: AbortSignal): Promise<z.infer<S>> {
  if (!path.startsWith('model/')) return request(base, path, body, schema, signal);
  try {
    return await request(base, path, body, schema, signal);
  } catch (error) {
    if (toastsGatewayError(error)) showGatewayError(error);
    throw error;
  }
}

/** POST as `call` does but never toasts: for calls whose statechart decides the toast of a failure (the annotations'). */
export async function request<S extends z.ZodMiniType>(base: string, path: string, body: unknown, schema: S, signal?: AbortSignal): Promise<z.infer<S>> {
  const url = `${base}/${path}`;
  const response = await fetch(url, {
    method: 'POST',
    signal,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  return dataOf(response, url, schema);
}

/** An answer's `data` parsed with `schema`, or the HttpError of a non-OK answer. */
async function dataOf<S extends z.ZodMiniType>(response: Response, url: string, schema: S): Promise<z.infer<S>> {
  if (!response.ok) {
    const parsed = ErrorBody.safeParse(await response.json().catch(() => null));
    throw new HttpError(response.status, url, response.headers, parsed.success ? parsed.data.errors : []);
  }
  const json = (await response.json()) as { data?: unknown } | null;
  return schema.parse(json?.data) as z.infer<S>;
}

/**
 * A material as the server answers it: validated against the `Material` schema once, at import
 * (server/store/import.ts), and stored that way. The browser checks only its envelope, so a
 * course of thousands of elements is not validated again on every load.
 */
const ServedMaterial = z.looseObject({ modelName: z.literal('Material'), id: z.string(), publicId: z.string(), content: z.array(z.unknown()) });
const asMaterial = (served: z.infer<typeof ServedMaterial>) => served as unknown as Material;

/** A share's material by GET: the answer the page preloaded, when it did (same URL, no extra headers, so the preload matches). */
export async function getMaterial(base: string, share: string, id: string): Promise<Material> {
  const url = materialUrl(base, share, id);
  return asMaterial(await dataOf(await fetch(url, { credentials: 'same-origin' }), url, ServedMaterial));
}

export function queryMaterial(base: string, share: string, id: string): Promise<Material> {
  return call(base, 'model/query', { share, modelName: 'Material', id }, z.array(ServedMaterial).check(z.length(1))).then(([m]) => asMaterial(m));
}

export function queryCollection(base: string, share: string, id: string): Promise<CollectionView> {
  return call(base, 'model/query', { share, modelName: 'Collection', id }, z.array(CollectionView).check(z.length(1))).then(([c]) => c);
}
