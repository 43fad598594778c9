import type { $ZodType } from 'zod/v4/core';
import { defOf, shapeOf } from '../../model/zodDef';
import { Html } from '../../model/common';


const WRAPPERS = new Set(['optional', 'default', 'nullable', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The literal a `modelName` field holds (through `.default(…)`), or undefined. */
function modelNameOf(schema: $ZodType): string | undefined {
  let field: $ZodType | undefined = shapeOf(schema).modelName;
  while (field && WRAPPERS.has(defOf(field).type)) field = defOf(field).innerType;
  const values = field && defOf(field).type === 'literal' ? defOf(field).values : undefined;
  return typeof values?.[0] === 'string' ? values[0] : undefined;
}

/**
 * Every html field (declared with `Html`) of a content schema, named `Model.path`: the model is the
 * nearest object with a literal `modelName`, arrays are `[]` (`Hotspot.elements[].content`,
 * `FreeTextInput.feedback.html`). The same field in every place its model appears is one name.
 */
export function htmlFieldsOf(schema: $ZodType): string[] {
  const found = new Set<string>();
  const doneModels = new Set<$ZodType>();
  const onStack = new Set<$ZodType>();

  const walk = (node: $ZodType, at: string) => {
    if (node === Html) {
      found.add(at);
      return;
    }
    if (onStack.has(node)) return;
    const def = defOf(node);
    onStack.add(node);
    if (WRAPPERS.has(def.type)) walk(def.innerType!, at);
    else if (def.type === 'pipe') walk(def.in!, at);
    else if (def.type === 'lazy') walk(def.getter!(), at);
    else if (def.type === 'array') walk(def.element!, `${at}[]`);
    else if (def.type === 'record') walk(def.valueType!, `${at}{}`);
    else if (def.type === 'union') for (const option of def.options!) walk(option, at);
    else if (def.type === 'object') {
      const model = modelNameOf(node);
      if (!model || !doneModels.has(node)) {
        if (model) doneModels.add(node);
        for (const [key, field] of Object.entries(shapeOf(node))) walk(field, model ? `${model}.${key}` : `${at}.${key}`);
      }
    }
    onStack.delete(node);
  };
  walk(schema, '');
  return [...found].sort();
}
