import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { APP_ROOT } from '../../server/paths';

/* Schema validation of a cmi5.xml with libxml2's xmllint against the vendored CourseStructure.xsd (no network). */

export const COURSE_STRUCTURE_XSD = path.join(APP_ROOT, 'server', 'cmi5', 'schemas', 'CourseStructure.xsd');

/** Validates the course structure `xml` (written to `dir`); throws when xmllint is missing. */
export function validateCourseStructure(dir: string, xml: string): { valid: boolean; output: string } {
  const file = path.join(dir, 'cmi5.xml');
  writeFileSync(file, xml);
  const result = spawnSync('xmllint', ['--noout', '--nonet', '--schema', COURSE_STRUCTURE_XSD, file], { encoding: 'utf8' });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error('xmllint not found (libxml2): install it with apt-get install -y libxml2-utils');
  }
  if (result.error) throw result.error;
  return { valid: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}
