import type { $ZodType } from 'zod/v4/core';

/** The parts of a zod schema's internal definition that walks over schemas read (contentHtml, the security suite's field list). */
export type ZodDef = {
  type: string;
  innerType?: $ZodType;
  element?: $ZodType;
  valueType?: $ZodType;
  options?: $ZodType[];
  discriminator?: string;
  in?: $ZodType;
  getter?: () => $ZodType;
  values?: unknown[];
};

export const defOf = (schema: $ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
export const shapeOf = (schema: $ZodType): Record<string, $ZodType> => (schema as unknown as { shape: Record<string, $ZodType> }).shape;
