import fs from 'node:fs';
import path from 'node:path';
import { summaryFromSharePage, type ShareSummary } from '../scorm/shareSummary';
import { CliError } from './cliSupport';
import { ServerUnreachableError } from './viaServer';

/* What the course-package exports (SCORM, cmi5) share: the share as the running server shows it, and the file written whole. */

/** How long the running server may take to answer the share's page. */
const SHARE_PAGE_DEADLINE_MS = 30_000;

/**
 * The share as the running server shows it: its page (page data and title), fetched on this machine;
 * null when the server knows no such share. `rootId` is the material's id the page names (null: none).
 */
export async function shareThroughServer(adminOrigin: string, publicId: string): Promise<(ShareSummary & { rootId: string | null }) | null> {
  let response: Response;
  try {
    response = await fetch(`${adminOrigin}/s/${encodeURIComponent(publicId)}/`, { redirect: 'manual', signal: AbortSignal.timeout(SHARE_PAGE_DEADLINE_MS) });
  } catch (error) {
    throw new ServerUnreachableError(`The server did not answer at ${adminOrigin}: ${(error as Error).cause ?? (error as Error).message}`);
  }
  const html = await response.text();
  if (response.status === 404) return null;
  if (response.status !== 200 && response.status !== 401) throw new CliError(`The running server answered the share's page with HTTP ${response.status}.`);
  const share = summaryFromSharePage(html);
  if (!share) throw new CliError('The running server\'s share page names no share; is it a Lernwerk server of this version?');
  return { ...share, rootId: /"rootId":"([^"\\]+)"/.exec(html)?.[1] ?? null };
}

/** Writes `file` complete or not at all. */
export function writeAtomically(file: string, data: Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw new CliError(`Could not write ${file}: ${(error as Error).message}`);
  }
}
