import { randomBytes } from 'node:crypto';
import { GuestSessionId } from '../../model/tracking';
import type { GuestSession } from '../../model/pageData';
import type { Queryable } from '../db/types';

export interface StoredGuestSession {
  publicId: string;
  shareId: string;
  name: string;
  createdAt: Date;
}

/** Guest session ids are 144 random bits, base64url (24 characters). */
export function newGuestSessionId(): string {
  return randomBytes(18).toString('base64url');
}

/** The page-data / API shape of a guest session. */
export function toGuestSession(session: StoredGuestSession): GuestSession {
  return { publicId: session.publicId, name: session.name, issueDate: session.createdAt.toISOString() };
}

interface GuestSessionRecord {
  public_id: string;
  share_id: string;
  name: string;
  created_at: Date;
}

const toStored = (r: GuestSessionRecord): StoredGuestSession => ({ publicId: r.public_id, shareId: r.share_id, name: r.name, createdAt: new Date(r.created_at) });

export async function createGuestSession(db: Queryable, shareId: string, name: string): Promise<StoredGuestSession> {
  const [row] = await db.query<GuestSessionRecord>(
    'INSERT INTO guest_sessions (public_id, share_id, name) VALUES ($1, $2, $3) RETURNING public_id, share_id, name, created_at',
    [newGuestSessionId(), shareId, name],
  );
  return toStored(row);
}

/** The guest session of an id; null for unknown ids and strings that cannot be one. */
export async function findGuestSession(db: Queryable, publicId: string): Promise<StoredGuestSession | null> {
  if (!GuestSessionId.safeParse(publicId).success) return null;
  const [row] = await db.query<GuestSessionRecord>('SELECT public_id, share_id, name, created_at FROM guest_sessions WHERE public_id = $1', [publicId]);
  return row ? toStored(row) : null;
}

/** False when there is no such session. */
export async function renameGuestSession(db: Queryable, publicId: string, name: string): Promise<boolean> {
  const rows = await db.query<{ public_id: string }>('UPDATE guest_sessions SET name = $2 WHERE public_id = $1 RETURNING public_id', [publicId, name]);
  return rows.length > 0;
}
