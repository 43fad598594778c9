import type { $ZodType } from 'zod/v4/core';
import { defOf, shapeOf, type ZodDef } from './zodDef';
import { Html } from './common';

/*
 * Finds every html field of parsed content by its schema (the fields declared with `Html` in
 * src/model), so the server sanitises each one once, at import, and the schemas stay the one
 * description of where html lives.
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The option of a discriminated union that `value` belongs to. */
function unionOption(def: ZodDef, value: Record<string, unknown>): $ZodType | undefined {
  if (!def.discriminator) return undefined;
  return def.options?.find((option) => {
    const literal = defOf(shapeOf(option)[def.discriminator!]);
    return (literal as unknown as { values?: unknown[] }).values?.includes(value[def.discriminator!]);
  });
}

/**
 * A copy of `value` (already valid for `schema`) with every html string replaced by `mapHtml(html)`.
 * Parts without html are kept as they are (the same objects).
 */
export function mapContentHtml<T>(schema: $ZodType, value: T, mapHtml: (html: string) => string): T {
  return walk(schema, value, mapHtml) as T;
}

function walk(schema: $ZodType, value: unknown, mapHtml: (html: string) => string): unknown {
  if (value === undefined || value === null) return value;
  if (schema === Html) return typeof value === 'string' ? mapHtml(value) : value;
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'nullable':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return walk(def.innerType!, value, mapHtml);
    case 'pipe':
      return walk(def.in!, value, mapHtml);
    case 'array': {
      if (!Array.isArray(value)) return value;
      let changed = false;
      const next = value.map((item) => {
        const mapped = walk(def.element!, item, mapHtml);
        changed ||= mapped !== item;
        return mapped;
      });
      return changed ? next : value;
    }
    case 'record': {
      if (!isObject(value)) return value;
      return mapEntries(value, () => def.valueType!, mapHtml);
    }
    case 'object': {
      if (!isObject(value)) return value;
      const shape = shapeOf(schema);
      return mapEntries(value, (key) => shape[key], mapHtml);
    }
    case 'union': {
      const option = isObject(value) ? unionOption(def, value) : undefined;
      return option ? walk(option, value, mapHtml) : value;
    }
    default:
      return value;
  }
}

function mapEntries(value: Record<string, unknown>, schemaOf: (key: string) => $ZodType | undefined, mapHtml: (html: string) => string) {
  let next: Record<string, unknown> | null = null;
  for (const [key, entry] of Object.entries(value)) {
    const schema = schemaOf(key);
    if (!schema) continue;
    const mapped = walk(schema, entry, mapHtml);
    if (mapped !== entry) (next ??= { ...value })[key] = mapped;
  }
  return next ?? value;
}
