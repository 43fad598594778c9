import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { ScormVersion } from '../../model/hostMessages';
import { APP_ROOT } from '../paths';
import { LAUNCH_CSS, LAUNCH_FILE, LAUNCH_SCRIPT_FILE, LAUNCH_STYLE_FILE, XSTATE_SCRIPT_FILE, launchHtml } from './launchPage';
import type { LaunchScripts } from './launchScript';
import { SCHEMA_FILES, manifestFor, manifestIdentifier } from './manifest';

/*
 * A SCORM package of a share: a zip with imsmanifest.xml at its root, the launch page (one SCO) and
 * the schema files the manifest names, with their notices. The package holds no course content: its
 * launch page shows the share as this server serves it, so a package stays valid when the material
 * is imported again, and what the learner does is saved by the server as on any share.
 */

/** The vendored SCORM schema files and their notices (see server/scorm/schemas/README.md). */
export const SCHEMAS_DIR = path.join(APP_ROOT, 'server', 'scorm', 'schemas');
export const MANIFEST_FILE = 'imsmanifest.xml';
/** Notices in the package: where the schema files and XState come from, and under which terms. */
export const SCHEMA_NOTICE_FILE = 'NOTICE-schemas.md';
export const XSTATE_LICENSE_FILE = 'LICENSE-xstate.txt';

export type ScormPackageInput = {
  version: ScormVersion;
  sharePublicId: string;
  /** The course's title (manifest, launch page). */
  title: string;
  /** The server's origin learners reach it at (`https://lernwerk.school.example`). */
  origin: string;
  scripts: LaunchScripts;
  /** The files' time in the zip (default: now). */
  modified?: Date;
};

/** The share's address on the server: what the launch page shows in its frame. */
export const courseUrlOf = (origin: string, sharePublicId: string): string => `${origin}/s/${sharePublicId}/`;

/** Every file of the package by its path in the zip (manifest first). */
export function scormPackageFiles(input: ScormPackageInput): Map<string, Uint8Array> {
  const { version, sharePublicId, title, origin, scripts } = input;
  const files = new Map<string, Uint8Array>();
  const sco = [LAUNCH_FILE, LAUNCH_SCRIPT_FILE, XSTATE_SCRIPT_FILE, LAUNCH_STYLE_FILE];
  files.set(MANIFEST_FILE, strToU8(manifestFor(version, { identifier: manifestIdentifier(sharePublicId), title, launch: LAUNCH_FILE, files: sco })));
  files.set(LAUNCH_FILE, strToU8(launchHtml({ version, serverOrigin: origin, courseUrl: courseUrlOf(origin, sharePublicId), title })));
  files.set(LAUNCH_SCRIPT_FILE, strToU8(scripts.launchJs));
  files.set(XSTATE_SCRIPT_FILE, strToU8(scripts.xstateJs));
  files.set(LAUNCH_STYLE_FILE, strToU8(LAUNCH_CSS));
  const schemas = SCHEMA_FILES[version];
  for (const file of schemas.files) files.set(file, new Uint8Array(fs.readFileSync(path.join(SCHEMAS_DIR, schemas.dir, file))));
  files.set(SCHEMA_NOTICE_FILE, new Uint8Array(fs.readFileSync(path.join(SCHEMAS_DIR, 'NOTICE.md'))));
  files.set(XSTATE_LICENSE_FILE, strToU8(scripts.xstateLicense));
  return files;
}

/** The zip of `files` (deflated; every entry at the root, manifest first). */
export function zipFiles(files: Map<string, Uint8Array>, modified = new Date()): Uint8Array {
  const zippable: Zippable = {};
  for (const [name, data] of files) zippable[name] = [data, { mtime: modified, level: 9 }];
  return zipSync(zippable);
}

/** The package as a zip. */
export function buildScormPackage(input: ScormPackageInput): Uint8Array {
  return zipFiles(scormPackageFiles(input), input.modified);
}
