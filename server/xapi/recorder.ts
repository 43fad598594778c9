import { withChange } from '../../model/learnerState';
import type { Material } from '../../model/material';
import type { Database, Queryable } from '../db/types';
import { onContentChanged, type Lookups } from '../store/lookups';
import type { Share } from '../store/shares';
import { loadMaterial } from '../store/models';
import { keyOfEvent, storeLearnerEvents, type LearnerEvent } from '../store/userdata';
import type { XapiConfig } from './config';
import { deriveStatements } from './derive';
import { enqueueStatements } from './outbox';
import { learnerKeyOf as identityOf, storeAndHoldLearners } from './learners';
import { xapiSecret } from './secret';
import type { Statement } from './statement';

/** How long a loaded material is trusted without a content-change notice (the lookups' staleness: ../store/lookups.ts). */
const MATERIAL_TTL_MS = 5_000;

const leadsToStatements = (event: LearnerEvent) => (event.field === 'evaluated' && event.value === true) || event.field === 'progress';

/**
 * Stores tracked events and the statements they lead to in one transaction (docs/xapi.md): the
 * writer of server/routes/userdata.ts stores through it when XAPI_ENDPOINT is set. Only events of
 * learners a share saves (the route lets no other through) on non-preview shares lead to
 * statements; an event stored before (a resend) leads to none. `recorded` runs after a commit
 * that added statements (the sender starts at once).
 */
export function createXapiRecorder(opts: { db: Database; config: XapiConfig; lookups: Lookups; recorded?: () => void }) {
  const { db, config, lookups } = opts;
  let secret: Promise<string> | null = null;
  const materials = new Map<string, { material: Promise<Material | null>; loadedAt: number }>();
  const stopListening = onContentChanged(() => materials.clear());

  const materialOf = (tx: Queryable, rootId: string) => {
    const hit = materials.get(rootId);
    if (hit && Date.now() - hit.loadedAt < MATERIAL_TTL_MS) return hit.material;
    const material = loadMaterial(tx, rootId);
    materials.set(rootId, { material, loadedAt: Date.now() });
    material.catch(() => materials.delete(rootId));
    return material;
  };

  const secretOf = () =>
    (secret ??= xapiSecret(db).catch((error) => {
      secret = null;
      throw error;
    }));

  const store = async (events: readonly LearnerEvent[]): Promise<Set<string>> => {
    // What the transaction needs besides the events is read first: inside it, only `tx` is used.
    const shares = new Map<string, Share | null>();
    for (const event of events) if (event.rootId && !shares.has(event.shareId)) shares.set(event.shareId, await lookups.share(event.shareId));
    const groups = new Map<string, LearnerEvent[]>();
    for (const event of events) {
      const share = shares.get(event.shareId);
      if (!event.rootId || !share || share.preview) continue;
      const key = `${event.shareId}\n${identityOf(event.learner)}`;
      groups.set(key, [...(groups.get(key) ?? []), event]);
    }
    // Only an evaluation or a progress report leads to statements: a learner without one needs no state read.
    for (const [groupKey, group] of groups) if (!group.some(leadsToStatements)) groups.delete(groupKey);
    if (!groups.size) return storeLearnerEvents(db, events);
    const key = await secretOf();
    let added = 0;
    const stored = await db.transaction(async (tx) => {
      const learners = [...groups.values()].map((group) => ({
        shareId: group[0].shareId,
        learner: group[0].learner,
        evaluated: group.filter((e) => e.field === 'evaluated' && e.value === true).map((e) => e.modelId),
      }));
      // The learners are held until the commit; the state is the one a concurrent request of theirs left.
      const { stored, before, names } = await storeAndHoldLearners(tx, events, learners);
      const statements: Statement[] = [];
      const receivedAt = Date.now();
      for (const [groupKey, group] of groups) {
        const share = shares.get(group[0].shareId) as Share;
        let state = before.get(groupKey) ?? {};
        const name = names.get(identityOf(group[0].learner)) ?? '';
        for (const event of group) {
          if (!stored.has(keyOfEvent(event))) continue;
          const next = withChange(state, { id: event.modelId, field: event.field, value: event.value });
          const material = await materialOf(tx, event.rootId as string);
          if (material) {
            statements.push(
              ...deriveStatements({
                secret: key,
                origin: config.origin,
                language: config.language,
                sendFreeText: config.sendFreeText,
                shareId: share.publicId,
                collection: share.rootModelName === 'Collection' ? { id: share.rootId, title: share.rootTitle } : null,
                learner: { identity: identityOf(event.learner), name },
                material,
                event: { id: event.id, modelId: event.modelId, field: event.field, value: event.value, at: event.at },
                receivedAt,
                before: state,
                after: next,
              }),
            );
          }
          state = next;
        }
      }
      added = await enqueueStatements(tx, statements);
      return stored;
    });
    if (added) opts.recorded?.();
    return stored;
  };

  return { store, dispose: stopListening };
}
