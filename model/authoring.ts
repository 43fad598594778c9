/*
 * Bodies of the model calls an author's tool makes (spec section 7: model/create, model/update,
 * model/delete, model/restore, model/copy on a material's draft; publish and the publication calls).
 * The models themselves are checked afterwards with the import's schema, on the whole material.
 */
import { z } from 'zod';
import { ModelId } from './common';
import { MODEL_NAMES } from './elements';

/** Every model name a stored model can have. */
export const AuthoredModelName = z.enum(['Material', 'Collection', ...MODEL_NAMES, 'Choice', 'AssignmentQuestionZone', 'AssignmentQuestionItem'] as [
  string,
  ...string[],
]);

/** A model named by its id and model name. */
export const ModelRef = z.strictObject({ id: ModelId, modelName: AuthoredModelName });

/** A field name of a model (its values are checked with the material). */
const FieldName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,60}$/, 'a field name');

/** `model/update`: new values of fields, and the values they have now (a field set to null is removed). */
export const ModelUpdateBody = z.strictObject({
  model: ModelRef,
  newValues: z.record(FieldName, z.unknown()).refine((values) => Object.keys(values).length > 0, 'at least one field'),
  oldValues: z.record(FieldName, z.unknown()),
});
export type ModelUpdateBody = z.infer<typeof ModelUpdateBody>;

/**
 * `model/create`: a new model (with the models of its lists, a question with its choices; ids are made
 * where none are given), `relations` (lists of models to give it besides, by field name), placed into the
 * list `attribute` of the model `appendTo.id` at `index` (default: the end).
 */
export const ModelCreateBody = z.strictObject({
  model: z.looseObject({ modelName: AuthoredModelName, id: z.optional(ModelId) }),
  relations: z.record(FieldName, z.array(z.looseObject({ modelName: AuthoredModelName, id: z.optional(ModelId) }))).optional(),
  appendTo: z.strictObject({ id: ModelId, modelName: AuthoredModelName, attribute: FieldName, index: z.int().min(0).optional() }),
});
export type ModelCreateBody = z.infer<typeof ModelCreateBody>;

/** `model/delete`, `model/restore`, `model/copy`: the model. */
export const ModelOnlyBody = z.strictObject({ model: ModelRef });

/** `model/query` of a draft: an author reads what they are changing. */
export const DraftQueryBody = z.strictObject({ draft: z.literal(true), modelName: AuthoredModelName, id: ModelId });
