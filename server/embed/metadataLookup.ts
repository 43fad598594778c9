import { LRUCache } from 'lru-cache';
import type { EmbedMetadata } from '../../model/embedMetadata';
import { createPageFetcher, type PageFetcherOptions } from './fetchPage';
import { pageMetadata } from './pageMetadata';

/*
 * The embed-metadata lookup behind `GET /api/embed-metadata` (spec section 7): the metadata of the
 * page a URL names, or `{}` whenever that cannot be had (refused by the address policy, timed out,
 * not html, …): the card then stays without it. Answers are cached (LRU), failures for a shorter
 * time; a URL asked for while its lookup runs shares that lookup; lookups beyond `maxConcurrent`
 * running at once answer `{}` at once (not cached).
 *
 * The server looks pages up only when the installation says so (EMBED_METADATA_LOOKUP=on, see
 * embedMetadataLookupFromEnv): otherwise no request leaves the server and every card stays without
 * metadata, as on a failure.
 */

export interface EmbedMetadataLookupOptions extends PageFetcherOptions {
  /** How long a found answer is kept (default 1 hour). */
  cacheTtlMs?: number;
  /** How long an empty answer (a failure) is kept (default 10 minutes). */
  failureTtlMs?: number;
  /** Entries kept at most (default 500). */
  cacheMax?: number;
  /** Outgoing lookups at once (default 8). */
  maxConcurrent?: number;
  /** Told why a lookup came back empty (the route logs it at debug). */
  onFailure?: (uri: string, reason: string) => void;
}

export interface EmbedMetadataLookup {
  /** Never rejects: `{}` when nothing could be found. */
  metadata(uri: string): Promise<EmbedMetadata>;
}

/** A protocol-relative URL (`//host/…`, which content may hold) is looked up over https. */
export const absoluteUri = (uri: string): string => (uri.startsWith('//') ? `https:${uri}` : uri);

export function createEmbedMetadataLookup(options: EmbedMetadataLookupOptions = {}): EmbedMetadataLookup {
  const { cacheTtlMs = 3_600_000, failureTtlMs = 600_000, cacheMax = 500, maxConcurrent = 8 } = options;
  const fetcher = createPageFetcher(options);
  const cache = new LRUCache<string, EmbedMetadata>({ max: cacheMax, ttl: cacheTtlMs });
  const running = new Map<string, Promise<EmbedMetadata>>();

  async function lookUp(uri: string): Promise<EmbedMetadata> {
    try {
      const page = await fetcher.fetchHtml(absoluteUri(uri));
      if (!page.ok) {
        options.onFailure?.(uri, page.reason);
        cache.set(uri, {}, { ttl: failureTtlMs });
        return {};
      }
      const found = pageMetadata(page.html, page.url);
      cache.set(uri, found, { ttl: Object.keys(found).length ? cacheTtlMs : failureTtlMs });
      return found;
    } catch (error) {
      options.onFailure?.(uri, (error as Error).message);
      return {};
    } finally {
      running.delete(uri);
    }
  }

  return {
    metadata(uri) {
      const cached = cache.get(uri);
      if (cached) return Promise.resolve(cached);
      const pending = running.get(uri);
      if (pending) return pending;
      if (running.size >= maxConcurrent) return Promise.resolve({});
      const lookup = lookUp(uri);
      running.set(uri, lookup);
      return lookup;
    },
  };
}

/** The lookup of an installation that does not look pages up: always `{}`, nothing leaves the server. */
export const DISABLED_EMBED_METADATA_LOOKUP: EmbedMetadataLookup = { metadata: async () => ({}) };

/**
 * EMBED_METADATA_LOOKUP=on (or 1, true, yes): the server fetches the pages that link cards name, with
 * the production address policy; unset or anything else: it does not (DISABLED_EMBED_METADATA_LOOKUP).
 */
export function embedMetadataLookupFromEnv(env: NodeJS.ProcessEnv, options: Pick<EmbedMetadataLookupOptions, 'onFailure'> = {}): EmbedMetadataLookup {
  const enabled = ['1', 'true', 'yes', 'on'].includes((env.EMBED_METADATA_LOOKUP ?? '').trim().toLowerCase());
  return enabled ? createEmbedMetadataLookup(options) : DISABLED_EMBED_METADATA_LOOKUP;
}
