import type { FastifyReply, FastifyRequest } from 'fastify';
import { DraftQueryBody, ModelCreateBody, ModelOnlyBody, ModelUpdateBody } from '../../model/authoring';
import { copyModel, createModel, deleteModel, restoreModel, updateFields } from '../authoring/draftEdits';
import { draftModel, editDraft, type DraftEdit } from '../authoring/editDraft';
import type { Database } from '../db/types';
import { authorMay, loggedInAuthor, type Author } from '../http/authorAccess';
import { HttpError, parseBody } from '../http/errors';
import { findAuthoredModel, readDraftRows, visibleRows, type DraftRow } from '../store/drafts';
import type { JsonObject } from '../store/tree';

/*
 * The model calls of spec section 7 on a material's draft (issue 24), for an account that may `edit` the
 * material (model/permissions.ts mayAuthor): create (with appendTo), update (newValues against
 * oldValues: 409 when stale), delete (soft), restore, copy; and model/query of the draft. Learners never
 * see a draft: what they see changes only by publishing (./publications.ts) or importing.
 *
 * Refusals: no login, 403; a model that does not exist, or whose material the account may not edit, 404 at
 * `model.id` (or `appendTo.id`), the same answer; a change that would make the material invalid, 400 naming
 * the path in the material; nothing is written then. Every change is recorded in the audit log.
 */

const notFoundAt = (path: string) => new HttpError(404, 'Not found', [{ path, message: 'Not found' }]);

/** The material the model belongs to, when the account may edit it (404 at `path` otherwise). */
async function editableRoot(db: Database, request: FastifyRequest, ref: { id: string; modelName: string }, path: string): Promise<{ rootId: string; author: Author }> {
  // Without a login a 403 before anything is looked up: what exists is no answer to the anonymous.
  const author = await loggedInAuthor(db, request);
  const place = await findAuthoredModel(db, ref.id);
  if (!place || place.modelName !== ref.modelName || !(await authorMay(db, author, place.rootId, 'edit'))) throw notFoundAt(path);
  const [root] = await db.query<{ model_name: string }>(
    `SELECT model_name FROM draft_models WHERE id = $1 UNION ALL SELECT model_name FROM models WHERE id = $1 LIMIT 1`,
    [place.rootId],
  );
  if (root?.model_name !== 'Material') throw new HttpError(400, 'Collections change by import', [{ path, message: 'Only the models of a material change through the model calls; a collection changes by import' }]);
  return { rootId: place.rootId, author };
}

/** Ids of every model in a new subtree (those given, and those made for it). */
const idsOf = (rows: readonly DraftRow[], before: readonly DraftRow[]) => {
  const old = new Set(before.map((row) => row.id));
  return rows.filter((row) => !old.has(row.id)).map((row) => row.id);
};

export function authoringHandlers(db: Database) {
  const run = async (rootId: string, author: Author, action: string, ref: { id: string; modelName: string }, values: { oldValues?: unknown; newValues?: unknown }, edit: (rows: DraftRow[]) => DraftEdit) =>
    editDraft(db, rootId, { actor: author.actor, action, modelName: ref.modelName, modelId: ref.id, ...values }, edit);

  return {
    update: async (request: FastifyRequest) => {
      const body = parseBody(ModelUpdateBody, request.body);
      const { rootId, author } = await editableRoot(db, request, body.model, 'model.id');
      const { rows } = await run(rootId, author, 'update', body.model, { oldValues: body.oldValues, newValues: body.newValues }, (rows) => ({
        rows: updateFields(rows, body.model.id, body.newValues as JsonObject, body.oldValues as JsonObject),
      }));
      return { data: draftModel(rows, body.model.id) };
    },

    create: async (request: FastifyRequest, reply: FastifyReply) => {
      const body = parseBody(ModelCreateBody, request.body);
      const { rootId, author } = await editableRoot(db, request, body.appendTo, 'appendTo.id');
      const model: JsonObject = { ...body.model, ...(body.relations ?? {}) };
      let id = '';
      const { rows } = await run(rootId, author, 'create', { id: body.model.id ?? '(new)', modelName: body.model.modelName }, { newValues: { model, appendTo: body.appendTo } }, (rows) => {
        const made = createModel(rows, model, body.appendTo);
        id = made.id;
        return { rows: made.rows, newIds: idsOf(made.rows, rows) };
      });
      return reply.status(201).send({ data: draftModel(rows, id) });
    },

    delete: async (request: FastifyRequest) => {
      const body = parseBody(ModelOnlyBody, request.body);
      const { rootId, author } = await editableRoot(db, request, body.model, 'model.id');
      await run(rootId, author, 'delete', body.model, {}, (rows) => ({ rows: deleteModel(rows, body.model.id) }));
      return { data: null };
    },

    restore: async (request: FastifyRequest) => {
      const body = parseBody(ModelOnlyBody, request.body);
      const { rootId, author } = await editableRoot(db, request, body.model, 'model.id');
      const { rows } = await run(rootId, author, 'restore', body.model, {}, (rows) => ({ rows: restoreModel(rows, body.model.id) }));
      return { data: draftModel(rows, body.model.id) };
    },

    copy: async (request: FastifyRequest, reply: FastifyReply) => {
      const body = parseBody(ModelOnlyBody, request.body);
      const { rootId, author } = await editableRoot(db, request, body.model, 'model.id');
      let id = '';
      const { rows } = await run(rootId, author, 'copy', body.model, {}, (rows) => {
        const made = copyModel(rows, body.model.id);
        id = made.id;
        return { rows: made.rows };
      });
      return reply.status(201).send({ data: draftModel(rows, id) });
    },

    /** `model/query` with `draft: true`: the model as the draft has it (what is published, while there is no draft). */
    queryDraft: async (request: FastifyRequest) => {
      const body = parseBody(DraftQueryBody, request.body);
      const { rootId } = await editableRoot(db, request, body, 'id');
      const rows = await readDraftRows(db, rootId);
      if (!visibleRows(rows).some((row) => row.id === body.id)) throw notFoundAt('id');
      return { data: [draftModel(rows, body.id)] };
    },
  };
}

