/**
 * Writes the JSON Schema of every file authors write (`npm run schema`) to docs/schema/, generated
 * from the zod schemas in model so editors validate material files exactly as the import does.
 * `--check` writes nothing and exits 1 when a file differs from what it would write (npm test runs it).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import * as elements from '../model/elements';
import { Collection, ImportFile, Material } from '../model/material';
import { Settings } from '../model/settings';
import { PageData } from '../model/pageData';

const outDir = join(import.meta.dirname, '..', 'docs', 'schema');
const schemas: Record<string, { schema: z.core.$ZodType; title: string }> = {
  'material.schema.json': { schema: Material, title: 'Lernwerk material file' },
  'collection.schema.json': { schema: Collection, title: 'Lernwerk collection file' },
  'import.schema.json': { schema: ImportFile, title: 'Lernwerk import file (material or collection)' },
  'settings.schema.json': { schema: Settings, title: 'Lernwerk settings' },
  'page-data.schema.json': { schema: PageData, title: 'Page data embedded in a share page' },
};

// Named definitions ($defs/Chapter, $defs/ChoiceQuestion, …) instead of anonymous ones.
for (const [name, value] of Object.entries(elements)) {
  if (value instanceof z.ZodType && /^[A-Z]/.test(name) && !z.globalRegistry.has(value)) z.globalRegistry.add(value, { id: name });
}

const check = process.argv.includes('--check');
if (!check) mkdirSync(outDir, { recursive: true });
const stale: string[] = [];
for (const [file, { schema, title }] of Object.entries(schemas)) {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'inline', cycles: 'ref' });
  const document = { $id: `https://lernwerk.invalid/schema/${file}`, title, ...json };
  const text = `${JSON.stringify(document, null, 2)}\n`;
  const path = join(outDir, file);
  if (check) {
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) stale.push(`docs/schema/${file}`);
    continue;
  }
  writeFileSync(path, text);
  console.log(`wrote docs/schema/${file}`);
}
if (check && stale.length) {
  console.error(`differs from the zod schemas (run npm run schema): ${stale.join(', ')}`);
  process.exitCode = 1;
} else if (check) console.log('docs/schema/ matches the zod schemas');
