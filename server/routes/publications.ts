import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PublicationDiffBody, PublicationListBody, PublicationParams, PublicationPayload, PublishBody } from '../../model/publications';
import type { Ability } from '../../model/permissions';
import { publishRoot, rollBackTo, unpublish } from '../authoring/publish';
import type { Database } from '../db/types';
import { authorMay, loggedInAuthor, type Author } from '../http/authorAccess';
import { HttpError, parseBody } from '../http/errors';
import { findPublication, listPublications } from '../store/publications';
import { snapshotChanges } from '../store/snapshots';

/*
 * The publication calls (spec section 7; paths as issue 24 fixes them). Publishing, deleting and going
 * back to a publication need the ability `publish` on the root; listing and comparing need `edit` or
 * `publish`. Without a login a 403; a root or publication that does not exist, or that the account may
 * not touch, a 404 naming the field, the same answer.
 */

const notFoundAt = (path: string) => new HttpError(404, 'Not found', [{ path, message: 'Not found' }]);

export async function publicationRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;

  /** The logged-in author, when the root `modelId` exists as `modelName` and the account holds one of `abilities` on it. */
  const rootAuthor = async (request: FastifyRequest, root: { modelName: string; modelId: string }, abilities: Ability[], path = 'modelId', known?: Author): Promise<Author> => {
    const author = known ?? (await loggedInAuthor(db, request));
    const [found] = await db.query<{ model_name: string }>(`SELECT model_name FROM models WHERE id = $1 AND parent_id IS NULL`, [root.modelId]);
    if (found?.model_name !== root.modelName) throw notFoundAt(path);
    for (const ability of abilities) if (await authorMay(db, author, root.modelId, ability)) return author;
    throw notFoundAt(path);
  };

  /** The publication named in the path, for an account holding one of `abilities` on its root. */
  const publicationAuthor = async (request: FastifyRequest, abilities: Ability[]) => {
    const { id } = parseBody(PublicationParams, request.params);
    parseBody(PublicationPayload, request.body);
    const author = await loggedInAuthor(db, request);
    const found = await findPublication(db, id);
    if (!found) throw notFoundAt('id');
    await rootAuthor(request, found, abilities, 'id', author);
    return { author, publication: found };
  };

  const summaryOf = async (id: string) => {
    const found = await findPublication(db, id);
    if (!found) throw notFoundAt('id');
    const { snapshot: _snapshot, ...summary } = found;
    return summary;
  };

  /** `POST /api/publish` → 201 with the new publication; 200 with the current one when nothing changed since it. */
  app.post('/publish', async (request, reply) => {
    const body = parseBody(PublishBody, request.body);
    const author = await rootAuthor(request, body, ['publish']);
    const outcome = await publishRoot(db, { id: body.modelId, modelName: body.modelName }, { actor: author.actor, message: body.message });
    return reply.status(outcome.created ? 201 : 200).send({ data: await summaryOf(outcome.id) });
  });

  /** `POST /api/publication/all` → the root's publications, newest first. */
  app.post('/publication/all', async (request) => {
    const body = parseBody(PublicationListBody, request.body);
    await rootAuthor(request, body, ['edit', 'publish']);
    return { data: await listPublications(db, body.modelId) };
  });

  /** `POST /api/publication/diff` → `data`: whether the two differ (the spec's boolean); `changes`: which models. */
  app.post('/publication/diff', async (request) => {
    const body = parseBody(PublicationDiffBody, request.body);
    await rootAuthor(request, body, ['edit', 'publish']);
    const [newer, older] = await Promise.all([findPublication(db, body.newer), findPublication(db, body.older)]);
    if (newer?.modelId !== body.modelId) throw notFoundAt('newer');
    if (older?.modelId !== body.modelId) throw notFoundAt('older');
    const changes = snapshotChanges(older.snapshot, newer.snapshot);
    return { data: changes.added.length + changes.removed.length + changes.changed.length > 0, changes };
  });

  /** `PUT /api/publication/{id}`: that publication becomes what the root's shares show. */
  app.put('/publication/:id', async (request) => {
    const { author, publication } = await publicationAuthor(request, ['publish']);
    if (!(await rollBackTo(db, publication.id, author.actor))) throw notFoundAt('id');
    return { data: await summaryOf(publication.id) };
  });

  /** `DELETE /api/publication/{id}`: removes a publication no share shows (409 for the current one). */
  app.delete('/publication/:id', async (request) => {
    const { author, publication } = await publicationAuthor(request, ['publish']);
    const outcome = await unpublish(db, publication.id, author.actor);
    if (outcome === 'missing') throw notFoundAt('id');
    if (outcome === 'current') throw new HttpError(409, 'The publication is shown', [{ path: 'id', message: 'The shares of its material show this publication: make another one current first' }]);
    return { data: null };
  });
}
