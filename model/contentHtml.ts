import type { $ZodType } from 'zod/v4/core';
import { defOf, shapeOf, type ZodDef } from './zodDef';
import { EmbedCode, Html } from './common';

/*
 * Finds every html field of parsed content by its schema (the fields declared with `Html` in
 * model, and the embed code declared with `EmbedCode`), so the server sanitises each one once, at
 * import, and the schemas stay the one description of where html lives.
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

type Mappers = { html: (html: string) => string; embed: (code: string) => string };

/**
 * A copy of `value` (already valid for `schema`) with every html string replaced by `mapHtml(html)`
 * and every embed code by `mapEmbed(code)` (kept as it is unless given). Parts without html are kept as
 * they are (the same objects).
 */
export function mapContentHtml<T>(schema: $ZodType, value: T, mapHtml: (html: string) => string, mapEmbed: (code: string) => string = (code) => code): T {
  return walk(schema, value, { html: mapHtml, embed: mapEmbed }) as T;
}

function walk(schema: $ZodType, value: unknown, mapHtml: Mappers): unknown {
  if (value === undefined || value === null) return value;
  if (schema === Html) return typeof value === 'string' ? mapHtml.html(value) : value;
  if (schema === EmbedCode) return typeof value === 'string' ? mapHtml.embed(value) : value;
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

function mapEntries(value: Record<string, unknown>, schemaOf: (key: string) => $ZodType | undefined, mapHtml: Mappers) {
  let next: Record<string, unknown> | null = null;
  for (const [key, entry] of Object.entries(value)) {
    const schema = schemaOf(key);
    if (!schema) continue;
    const mapped = walk(schema, entry, mapHtml);
    if (mapped !== entry) (next ??= { ...value })[key] = mapped;
  }
  return next ?? value;
}
