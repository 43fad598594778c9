import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UpdateRootProgressBody, UserdataBody, UserdataListBody, type UserdataAck, type UserdataEvent } from '../../model/tracking';
import type { Database } from '../db/types';
import { HttpError, parseBody } from '../http/errors';
import { trackedLearner, type Learner } from '../http/learnerAccess';
import type { Lookups } from '../store/lookups';
import { findModel } from '../store/models';
import { saveRootProgress } from '../store/rootProgress';
import type { Share } from '../store/shares';
import { createLearnerEventWriter, learnerEventsOf, type LearnerEvent } from '../store/userdata';

const errorAt = (status: number, path: string, message: string) => new HttpError(status, message, [{ path, message }]);

/** navigator.sendBeacon sends text/plain: such a body is parsed as JSON, then checked like any other. */
function jsonOf(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    throw errorAt(400, '', 'The body is not valid JSON');
  }
}

/** The first event of each id, with its index in the body (a repeated id is one event). */
function distinctEvents(events: readonly UserdataEvent[]): { event: UserdataEvent; index: number }[] {
  const seen = new Set<string>();
  const out: { event: UserdataEvent; index: number }[] = [];
  events.forEach((event, index) => {
    if (seen.has(event.id)) return;
    seen.add(event.id);
    out.push({ event, index });
  });
  return out;
}

/**
 * Learner state (registered under /api):
 * `POST /api/userdata` UserdataBody (JSON, or JSON sent as text/plain) → `{ data: UserdataAck }`,
 * all events or none: 404 for an unknown share, 403 naming the first event that may not be saved;
 * `POST /api/updateRootProgress` UpdateRootProgressBody → `{ data: null }`;
 * `POST /api/userdata/list` UserdataListBody → `{ data: { events } }`: the learner's own stored events
 * (what the server keeps about them, readable by them alone), with the same authorisation as userdata.
 */
export async function userdataRoutes(
  app: FastifyInstance,
  opts: { db: Database; lookups: Lookups; store?: (events: readonly LearnerEvent[]) => Promise<Set<string>> },
): Promise<void> {
  const { db, lookups } = opts;
  // Concurrent batches share commits (group commit); PGlite runs one statement at a time, PostgreSQL a few.
  // `store`: the learning records' writer (server/xapi/recorder.ts) when statements go to an LRS.
  const storeEvents = createLearnerEventWriter(db, { maxInFlight: db.kind === 'pglite' ? 1 : 4, store: opts.store });
  const learnerOf = (request: FastifyRequest, share: Share, guestSessionId: string | null, paths: { share: string; guestSessionId: string }) =>
    trackedLearner(db, request, share, guestSessionId, paths, lookups.guestSessionShare);

  /**
   * Shares, coverage, models and guest sessions come from the lookups cached across requests; the
   * learner is checked once per (share, guest session) however many events name them.
   */
  const authoriser = (request: FastifyRequest) => {
    const learners = new Map<string, Promise<Learner>>();
    return {
      share: (publicId: string) => lookups.share(publicId),
      roots: (share: Share) => lookups.coveredRoots(share),
      learner: (share: Share, guestSessionId: string | null, path: string): Promise<Learner> => {
        const key = `${share.publicId}\n${guestSessionId ?? ''}`;
        let learner = learners.get(key);
        if (!learner) {
          learner = learnerOf(request, share, guestSessionId, { share: `${path}.shareId`, guestSessionId: `${path}.guestSessionId` });
          learners.set(key, learner);
        }
        return learner;
      },
    };
  };

  app.post('/userdata', async (request) => {
    const body = parseBody(UserdataBody, jsonOf(request.body));
    const events = distinctEvents(body.events);
    const auth = authoriser(request);
    const models = await lookups.models(events.map(({ event }) => event.metadata.id));
    const toStore: LearnerEvent[] = [];
    for (const { event, index } of events) {
      const path = `events[${index}].metadata`;
      const { metadata } = event;
      const share = await auth.share(metadata.shareId);
      if (!share) throw errorAt(404, `${path}.shareId`, 'Share not found');
      const learner = await auth.learner(share, metadata.guestSessionId, path);
      const model = models.get(metadata.id);
      if (!model || model.modelName !== metadata.modelName || !(await auth.roots(share)).has(model.rootId)) {
        throw errorAt(403, `${path}.id`, `No ${metadata.modelName} with this id is part of this share`);
      }
      const [field, value] = Object.entries(event.data)[0];
      toStore.push({ id: event.id, shareId: share.publicId, learner, modelId: model.id, modelName: model.modelName, field, value, at: event.at, rootId: model.rootId });
    }
    const stored = await storeEvents(toStore);
    const acknowledged = events.map(({ event }) => event.id);
    return { data: { acknowledged, stored: stored.size, duplicates: acknowledged.length - stored.size } satisfies UserdataAck };
  });

  app.post('/userdata/list', async (request, reply) => {
    const body = parseBody(UserdataListBody, request.body);
    const share = await lookups.share(body.shareId);
    if (!share) throw errorAt(404, 'shareId', 'Share not found');
    const learner = await learnerOf(request, share, body.guestSessionId, { share: 'shareId', guestSessionId: 'guestSessionId' });
    reply.header('cache-control', 'no-store');
    return { data: { events: await learnerEventsOf(db, share.publicId, learner) } };
  });

  app.post('/updateRootProgress', async (request) => {
    const body = parseBody(UpdateRootProgressBody, request.body);
    const share = await lookups.share(body.shareId);
    if (!share) throw errorAt(404, 'shareId', 'Share not found');
    if (share.preview || !(share.settings.private || share.settings.saveGuestSessions)) {
      throw errorAt(403, 'shareId', 'Root progress is not saved on this share');
    }
    const learner = await learnerOf(request, share, body.guestSessionId, { share: 'shareId', guestSessionId: 'guestSessionId' });
    const model = await findModel(db, body.model.id);
    const isCoveredMaterial = model?.modelName === 'Material' && model.rootId === model.id && (await lookups.coveredRoots(share)).has(model.id);
    if (!isCoveredMaterial) throw errorAt(403, 'model.id', 'No Material with this id is part of this share');
    await saveRootProgress(db, share.publicId, learner, body.model.id, body.value);
    return { data: null };
  });
}
