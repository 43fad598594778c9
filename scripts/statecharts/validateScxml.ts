import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Validation of SCXML files against the W3C SCXML 1.0 schema with libxml2's xmllint. The W3C's schema
 * files are part of the repository (tests/fixtures/scxml/, with their licence in NOTICE.md), so any clone
 * validates; should the schema be missing all the same, validation throws rather than pass.
 */

/** The W3C schema (with the xml.xsd it imports), relative to the repository root. */
export const SCXML_SCHEMA = 'tests/fixtures/scxml/scxml.xsd';

/** The repository root: the default directory the schema path is resolved from, whatever the caller's cwd. */
const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

export type ScxmlValidation = { valid: boolean; output: string };

/** Runs `xmllint --noout --schema` over `files`; throws when the schema or xmllint is missing. */
export function validateScxml(files: readonly string[], options: { schema?: string; xmllint?: string; cwd?: string } = {}): ScxmlValidation {
  const schema = options.schema ?? SCXML_SCHEMA;
  const cwd = options.cwd ?? repositoryRoot;
  if (!existsSync(path.resolve(cwd, schema))) throw new Error(`SCXML schema missing: ${schema}`);
  const result = spawnSync(options.xmllint ?? 'xmllint', ['--noout', '--schema', schema, ...files], { cwd, encoding: 'utf8' });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error('xmllint not found (libxml2): install it with apt-get install -y libxml2-utils');
  }
  if (result.error) throw result.error;
  return { valid: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}
