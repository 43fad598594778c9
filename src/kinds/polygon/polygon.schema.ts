import { z } from 'zod';
import { Asset, commonFields, HtmlField, ModelId } from '../../../model/common';

/* The kind's content schema (spec section 3); model/elements.ts holds every kind's in the union. */

export const Point = z.strictObject({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) });

export const PolygonTargetExercise = z.strictObject({
  ...commonFields,
  modelName: z.literal('PolygonTargetExercise'),
  asset: Asset,
  polygons: z
    .array(z.strictObject({ id: z.optional(ModelId), points: z.array(Point).min(3, 'a polygon needs at least three points'), isCorrect: z.boolean().default(true) }))
    .min(1, 'a polygon exercise needs at least one polygon'),
  question: HtmlField,
  feedbackPositive: z.optional(HtmlField),
  feedbackNegative: z.optional(HtmlField),
  showAllPolygonsAfterEvaluation: z.boolean().default(false),
  submitText: z.string().optional(),
});

export type Point = z.infer<typeof Point>;
export type PolygonTargetExercise = z.infer<typeof PolygonTargetExercise>;
