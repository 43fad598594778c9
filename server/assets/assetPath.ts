import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/** A source file found inside one of the asset directories (symlinks resolved). */
export interface AssetSource {
  /** Real absolute path of the file. */
  file: string;
  mtimeMs: number;
  size: number;
}

/**
 * True for a plain relative path: no empty, "." or ".." segment, not absolute, no backslash or
 * NUL. The route checks this on the already URL-decoded path, so encoded variants are caught too.
 */
export function isSafeRelativePath(relative: string): boolean {
  if (relative.length === 0 || relative.length > 1024) return false;
  if (relative.includes('\0') || relative.includes('\\')) return false;
  if (relative.startsWith('/') || path.isAbsolute(relative)) return false;
  return relative.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/**
 * Finds `relative` in the first asset directory that holds it as a regular file whose real path
 * (after following symlinks) stays inside that directory. Undefined when there is none.
 */
export async function findAssetSource(assetDirs: readonly string[], relative: string): Promise<AssetSource | undefined> {
  if (!isSafeRelativePath(relative)) return undefined;
  for (const dir of assetDirs) {
    const root = await realpathOrUndefined(dir);
    if (root === undefined) continue;
    const file = await realpathOrUndefined(path.resolve(root, relative));
    if (file === undefined || !isInside(root, file)) continue;
    const stats = await stat(file).catch(() => undefined);
    if (!stats?.isFile()) continue;
    return { file, mtimeMs: stats.mtimeMs, size: stats.size };
  }
  return undefined;
}

function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== '' && relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative);
}

async function realpathOrUndefined(file: string): Promise<string | undefined> {
  try {
    return await realpath(file);
  } catch {
    return undefined;
  }
}
