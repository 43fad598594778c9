import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface CachedFile {
  data: Buffer;
  /** True when the bytes came from disk, false when `create` just made them. */
  hit: boolean;
}

/**
 * Rendered assets on disk, one file per key (`{dir}/{key[0..2]}/{key}.{ext}`). Files are written
 * to a temporary name and renamed, so a reader never sees half a file; concurrent requests for the
 * same file in this process share one `create` call, across instances (the asset route's and the
 * renditions made ahead of it: ./prepareRenditions.ts). A failed write is reported to `onWriteError`
 * and the fresh bytes are still returned.
 */
export class AssetCache {
  private static readonly inFlight = new Map<string, Promise<Buffer>>();

  constructor(
    readonly dir: string,
    private readonly onWriteError: (error: unknown) => void = () => {},
  ) {}

  fileFor(key: string, ext: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.${ext}`);
  }

  async getOrCreate(key: string, ext: string, create: () => Promise<Buffer>): Promise<CachedFile> {
    const file = this.fileFor(key, ext);
    const cached = await readFile(file).catch(() => undefined);
    if (cached !== undefined) return { data: cached, hit: true };
    let pending = AssetCache.inFlight.get(file);
    if (pending === undefined) {
      pending = this.createAndStore(file, create).finally(() => AssetCache.inFlight.delete(file));
      AssetCache.inFlight.set(file, pending);
    }
    return { data: await pending, hit: false };
  }

  private async createAndStore(file: string, create: () => Promise<Buffer>): Promise<Buffer> {
    const data = await create();
    const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(temp, data);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => {});
      this.onWriteError(error);
    }
    return data;
  }
}
