/*
 * Permissions on a material or a collection, and the rules that read them (spec sections 3, 4 and 6).
 * Plain types and functions: the server decides with them, the tests state the spec's rules on them.
 *
 * - A user permission grants an ability only if its invitation is accepted, it belongs to the current
 *   user (by the account's email) and it lists the ability.
 * - A role permission grants an ability if the user holds the role and it lists the ability.
 * - A root's (a collection's) abilities are granted if any of its permissions grants them.
 * - A root without any permission is open to every account (the installation's accounts are its
 *   learners); once it has one, its private shares open only to those granted `view`.
 */

/**
 * What a permission may grant: `view` opens the root's private shares; `invite` lets its holder invite
 * others (the invite call) to what the holder may view, granting abilities the holder has; `edit`
 * changes the root's draft through the model calls; `publish` makes the draft what learners see, and
 * manages the root's publications; `results` reads what the learners of the root's shares did (their
 * names, progress and answers: docs/results.md).
 */
export const ABILITIES = ['view', 'invite', 'edit', 'publish', 'results'] as const;
export type Ability = (typeof ABILITIES)[number];

/** An account holding this role may do everything on every root. */
export const ADMIN_ROLE = 'admin';

/** A role's name: lower-case letters, digits, `-` and `_`, starting with a letter, at most 40. */
export const ROLE_NAME = /^[a-z][a-z0-9_-]{0,39}$/;

export interface UserPermission {
  modelName: 'UserPermission';
  id: string;
  /** Whose it is: the account with this email (stored lower-cased). */
  user: { email: string };
  abilities: Ability[];
  /** Granted nothing until true (spec section 4, Invitation). */
  inviteAccepted: boolean;
}

export interface RolePermission {
  modelName: 'RolePermission';
  id: string;
  role: string;
  abilities: Ability[];
}

export type Permission = UserPermission | RolePermission;

/** The account a rule is asked about. */
export interface PermissionHolder {
  email: string;
  roles: readonly string[];
}

export function grants(permission: Permission, user: PermissionHolder, ability: Ability): boolean {
  if (!permission.abilities.includes(ability)) return false;
  if (permission.modelName === 'RolePermission') return user.roles.includes(permission.role);
  return permission.inviteAccepted && permission.user.email === user.email.toLowerCase();
}

/** Whether any of a root's permissions grants `ability` to `user`. */
export function hasAbility(permissions: readonly Permission[], user: PermissionHolder, ability: Ability): boolean {
  return permissions.some((permission) => grants(permission, user, ability));
}

/**
 * Whether `user` may change (`edit`) or publish (`publish`) a root, or grant an ability when inviting:
 * an administrator always; anyone else when a permission grants it. A root without permissions is open
 * to every account for viewing, never for authoring.
 */
export function mayAuthor(permissions: readonly Permission[], user: PermissionHolder, ability: Ability): boolean {
  return user.roles.includes(ADMIN_ROLE) || hasAbility(permissions, user, ability);
}

/** Whether `user` may open a private share of a root with these permissions (none: every account may). */
export function mayView(permissions: readonly Permission[], user: PermissionHolder): boolean {
  return permissions.length === 0 || hasAbility(permissions, user, 'view');
}

/** The user's invitation to view that waits for their answer, if any (granted nothing yet). */
export function pendingInvitation(permissions: readonly Permission[], user: PermissionHolder): UserPermission | undefined {
  return permissions.find(
    (permission): permission is UserPermission =>
      permission.modelName === 'UserPermission' && !permission.inviteAccepted && permission.user.email === user.email.toLowerCase() && permission.abilities.includes('view'),
  );
}
