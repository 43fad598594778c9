import type { StorageEntry, StorageMode } from '../../../machines/ltiPlatformStorage';

/* The configuration the server writes into an LTI storage page (server/lti/storagePages.ts) and its script reads (./storagePage.ts). */

/** What the server writes into the page (JSON in #lernwerk-lti-storage-config). */
export type StoragePageConfig = {
  mode: StorageMode;
  entries: StorageEntry[];
  /** The frame the LMS named for its storage (`lti_storage_target`): `_parent`, or the name of a frame of the LMS's window. */
  storageTarget: string;
  /** The origin of the platform's OIDC auth URL: storage messages go only there and are taken only from there. */
  platformOrigin: string;
  /** Store mode: the platform's auth URL with the authentication request. */
  continueUrl?: string;
  /** Check mode: the server's address that opens a checked launch, and what it is sent. */
  confirmUrl?: string;
  idToken?: string;
  state?: string;
};

export const STORAGE_CONFIG_ELEMENT_ID = 'lernwerk-lti-storage-config';

export function parseStoragePageConfig(value: unknown): StoragePageConfig {
  if (typeof value !== 'object' || value === null) throw new Error('the page configuration is not an object');
  const c = value as Record<string, unknown>;
  if (c.mode !== 'store' && c.mode !== 'check') throw new Error('mode is neither store nor check');
  if (!Array.isArray(c.entries) || !c.entries.every((e) => typeof e?.key === 'string' && typeof e?.value === 'string')) throw new Error('entries are not keys and values');
  if (typeof c.storageTarget !== 'string' || !c.storageTarget) throw new Error('storageTarget is missing');
  if (typeof c.platformOrigin !== 'string' || !/^https?:\/\/[^/]+$/.test(c.platformOrigin)) throw new Error('platformOrigin is not an origin');
  if (c.mode === 'store' && typeof c.continueUrl !== 'string') throw new Error('continueUrl is missing');
  if (c.mode === 'check' && (typeof c.confirmUrl !== 'string' || typeof c.idToken !== 'string' || typeof c.state !== 'string')) throw new Error('confirmUrl, idToken or state is missing');
  return c as StoragePageConfig;
}

