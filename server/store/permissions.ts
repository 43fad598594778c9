import { randomBytes } from 'node:crypto';
import type { Ability, Permission, UserPermission } from '../../model/permissions';
import type { PermissionInput } from '../../model/material';
import type { Queryable } from '../db/types';
import { normalizeEmail } from './users';

/*
 * The permissions of roots (materials and collections) and their invitations (migration 010; the rules
 * that read them are model/permissions.ts). A re-import replaces the permissions its file declares and
 * keeps those the invite call made.
 */

interface PermissionRecord {
  id: string;
  root_id: string;
  email: string | null;
  role: string | null;
  abilities: string[];
  invite_accepted: boolean;
}

const COLUMNS = 'id, root_id, email, role, abilities, invite_accepted';

/** Permission ids are 144 random bits, base64url (24 characters). */
const newPermissionId = (): string => randomBytes(18).toString('base64url');

function toPermission(r: PermissionRecord): Permission {
  const abilities = r.abilities as Ability[];
  if (r.role !== null) return { modelName: 'RolePermission', id: r.id, role: r.role, abilities };
  return { modelName: 'UserPermission', id: r.id, user: { email: r.email ?? '' }, abilities, inviteAccepted: r.invite_accepted };
}

/** Every permission of a root, user permissions first (by email), then role permissions (by role). */
export async function rootPermissions(db: Queryable, rootId: string): Promise<Permission[]> {
  const rows = await db.query<PermissionRecord>(`SELECT ${COLUMNS} FROM permissions WHERE root_id = $1 ORDER BY role NULLS FIRST, email`, [rootId]);
  return rows.map(toPermission);
}

/**
 * Replaces the permissions a root's file declared before with those it declares now (inside the
 * import's transaction). A declared user permission takes over an invitation to the same email.
 */
export async function replaceImportedPermissions(tx: Queryable, rootId: string, declared: readonly PermissionInput[]): Promise<void> {
  await tx.query(`DELETE FROM permissions WHERE root_id = $1 AND source = 'import'`, [rootId]);
  for (const permission of declared) {
    const abilities = [...new Set(permission.abilities)].sort();
    if (permission.modelName === 'RolePermission') {
      await tx.query(
        `INSERT INTO permissions (id, root_id, role, abilities, invite_accepted, source) VALUES ($1, $2, $3, $4, true, 'import')
         ON CONFLICT (root_id, role) WHERE role IS NOT NULL DO UPDATE SET abilities = EXCLUDED.abilities, source = 'import'`,
        [newPermissionId(), rootId, permission.role, abilities],
      );
    } else {
      await tx.query(
        `INSERT INTO permissions (id, root_id, email, abilities, invite_accepted, source) VALUES ($1, $2, $3, $4, $5, 'import')
         ON CONFLICT (root_id, email) WHERE email IS NOT NULL
         DO UPDATE SET abilities = EXCLUDED.abilities, invite_accepted = EXCLUDED.invite_accepted, source = 'import'`,
        [newPermissionId(), rootId, normalizeEmail(permission.user), abilities, permission.inviteAccepted],
      );
    }
  }
}

/**
 * Invites the account of `email` to a root with `abilities` (spec section 7, invite): a new user
 * permission waits for its acceptance; one that exists gains the abilities (and stays accepted, if it
 * was). Answers the permission as it is now.
 */
export async function invite(db: Queryable, rootId: string, email: string, abilities: readonly Ability[]): Promise<UserPermission> {
  const [row] = await db.query<PermissionRecord>(
    `INSERT INTO permissions (id, root_id, email, abilities, invite_accepted, source) VALUES ($1, $2, $3, $4, false, 'invite')
     ON CONFLICT (root_id, email) WHERE email IS NOT NULL
     DO UPDATE SET abilities = ARRAY(SELECT DISTINCT a FROM unnest(permissions.abilities || EXCLUDED.abilities) AS a ORDER BY a)
     RETURNING ${COLUMNS}`,
    [newPermissionId(), rootId, normalizeEmail(email), [...new Set(abilities)].sort()],
  );
  return toPermission(row) as UserPermission;
}

/**
 * Accepts the invitation `id` for the account of `email` (spec section 4, Invitation): answers the
 * permission, now accepted (also when it was already: a repeated acceptance changes nothing), or null
 * when no permission of that id is that account's.
 */
export async function acceptInvitation(db: Queryable, id: string, email: string): Promise<UserPermission | null> {
  const [row] = await db.query<PermissionRecord>(
    `UPDATE permissions SET invite_accepted = true WHERE id = $1 AND email = $2 RETURNING ${COLUMNS}`,
    [id, normalizeEmail(email)],
  );
  return row ? (toPermission(row) as UserPermission) : null;
}
