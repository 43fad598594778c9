import * as z from 'zod/mini';
import { randomUrlSafe } from './randomKey';

/*
 * Request keys make a create idempotent (docs/learners.md, "Never lost"). The viewer makes one when a
 * learner starts a new annotation's note or a new comment, keeps it with that draft (a kept annotation
 * draft survives a reload with it) and sends it with every model/create of the draft: retries and re-sends after a reload carry the same key. The server
 * answers a key its learner already used with what the first create made, and writes nothing
 * (server/store/annotationCreates.ts).
 */

/** Characters of a request key: 22 url-safe ones, 132 random bits. */
export const REQUEST_KEY_LENGTH = 22;

/** A client-made key of one create: exactly 22 letters, digits, "-" and "_". */
export const RequestKey = z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/, 'a request key is 22 letters, digits, "-" and "_"'));
export type RequestKey = z.infer<typeof RequestKey>;

/** A new unguessable request key. */
export const newRequestKey = (): RequestKey => randomUrlSafe(REQUEST_KEY_LENGTH);
