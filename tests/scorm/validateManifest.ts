import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ScormVersion } from '../../model/hostMessages';
import { SCHEMA_LOCATIONS } from '../../server/scorm/manifest';

/*
 * Schema validation of an imsmanifest.xml with libxml2's xmllint, against the schema files beside it
 * (the package's own, as an LMS would read them). xmllint validates against one schema; a manifest
 * mixes namespaces (IMS CP with ADL's and IMS SS's attributes and elements, some checked strictly),
 * so the check uses a driver schema that imports every namespace the manifest names from its file.
 * No network: `--nonet`, every import resolves beside the manifest.
 */

export type ManifestValidation = { valid: boolean; output: string };

/** The driver schema: one import per namespace of the version's xsi:schemaLocation. */
export function driverSchema(version: ScormVersion): string {
  const imports = SCHEMA_LOCATIONS[version].map(([, ns, file]) => `  <xs:import namespace="${ns}" schemaLocation="${file}"/>`);
  return `<?xml version="1.0"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n${imports.join('\n')}\n</xs:schema>\n`;
}

/** Validates `dir/imsmanifest.xml` (the schema files in `dir`); throws when xmllint is missing. */
export function validateManifestIn(dir: string, version: ScormVersion, manifest = 'imsmanifest.xml'): ManifestValidation {
  const driverFile = path.join(dir, 'lernwerk-test-driver.xsd');
  writeFileSync(driverFile, driverSchema(version));
  const result = spawnSync('xmllint', ['--noout', '--nonet', '--schema', driverFile, manifest], { cwd: dir, encoding: 'utf8' });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error('xmllint not found (libxml2): install it with apt-get install -y libxml2-utils');
  }
  if (result.error) throw result.error;
  return { valid: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}

/**
 * The lines of xmllint's output that are not about the manifest: the official SCORM 1.2 `ims_xml.xsd`
 * declares the XML namespace as its default namespace, which libxml2 reports (and then ignores) while
 * loading the schema.
 */
export const KNOWN_SCHEMA_NOTICES = [
  /^(.*\/)?ims_xml\.xsd:1: namespace error : xml namespace URI cannot be the default namespace$/,
  /^filename=ims_xml\.xsd --><xsd:schema xmlns="http:\/\/www\.w3\.org\/XML\/1998\/namespace"$/,
  /^\s*\^$/,
];

/** xmllint's output without the known notices about the vendored schema files. */
export function problemsOf(output: string): string[] {
  return output.split('\n').filter((line) => line.trim() !== '' && !KNOWN_SCHEMA_NOTICES.some((known) => known.test(line)));
}
