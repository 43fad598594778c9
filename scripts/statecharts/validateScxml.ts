import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/*
 * Validation of SCXML files against the W3C SCXML 1.0 schema with libxml2's xmllint. The schema
 * lives beside the repository (../shared), never copied into it; without it validation cannot
 * happen, and saying so is the only honest answer.
 */

/** The W3C schema (with its xml.xsd), relative to the repository root. */
export const SCXML_SCHEMA = '../shared/fixtures/scxml/scxml.xsd';

export type ScxmlValidation = { valid: boolean; output: string };

/** Runs `xmllint --noout --schema` over `files`; throws when the schema or xmllint is missing. */
export function validateScxml(files: readonly string[], options: { schema?: string; xmllint?: string; cwd?: string } = {}): ScxmlValidation {
  const schema = options.schema ?? SCXML_SCHEMA;
  const cwd = options.cwd ?? process.cwd();
  if (!existsSync(path.resolve(cwd, schema))) throw new Error(`SCXML schema missing: ${schema}`);
  const result = spawnSync(options.xmllint ?? 'xmllint', ['--noout', '--schema', schema, ...files], { cwd, encoding: 'utf8' });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error('xmllint not found (libxml2): install it with apt-get install -y libxml2-utils');
  }
  if (result.error) throw result.error;
  return { valid: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}
