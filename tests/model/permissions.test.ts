import { describe, expect, it } from 'vitest';
import { Material } from '../../model/material';
import { grants, hasAbility, mayView, pendingInvitation, type Permission, type RolePermission, type UserPermission } from '../../model/permissions';

/* The rules of spec section 6 (and section 4, Invitation), each stated on its own. */

const ada = { email: 'ada@school.example', roles: ['teacher'] };
const userPermission = (over: Partial<UserPermission> = {}): UserPermission => ({
  modelName: 'UserPermission',
  id: 'p-user',
  user: { email: 'ada@school.example' },
  abilities: ['view'],
  inviteAccepted: true,
  ...over,
});
const rolePermission = (over: Partial<RolePermission> = {}): RolePermission => ({ modelName: 'RolePermission', id: 'p-role', role: 'teacher', abilities: ['view'], ...over });

describe('a user permission grants an ability only if accepted, belonging to the current user and listing the ability', () => {
  it('grants when all three hold (the email compared without regard to case)', () => {
    expect(grants(userPermission(), ada, 'view')).toBe(true);
    expect(grants(userPermission(), { ...ada, email: 'Ada@School.Example' }, 'view')).toBe(true);
  });
  it('not before its invitation is accepted', () => expect(grants(userPermission({ inviteAccepted: false }), ada, 'view')).toBe(false));
  it("not another user's", () => expect(grants(userPermission({ user: { email: 'bob@school.example' } }), ada, 'view')).toBe(false));
  it('not an ability it does not list', () => expect(grants(userPermission(), ada, 'invite')).toBe(false));
});

describe('a role permission grants an ability if the user holds the role and it lists the ability', () => {
  it('grants to a holder of the role', () => expect(grants(rolePermission(), ada, 'view')).toBe(true));
  it('not to others', () => expect(grants(rolePermission(), { ...ada, roles: ['student'] }, 'view')).toBe(false));
  it('not an ability it does not list', () => expect(grants(rolePermission(), ada, 'invite')).toBe(false));
});

describe("a root's abilities are granted if any of its permissions grants them", () => {
  const permissions: Permission[] = [userPermission({ user: { email: 'bob@school.example' }, abilities: ['view', 'invite'] }), rolePermission({ abilities: ['view'] })];
  it('any one suffices', () => {
    expect(hasAbility(permissions, ada, 'view')).toBe(true);
    expect(hasAbility(permissions, ada, 'invite')).toBe(false);
    expect(hasAbility(permissions, { email: 'bob@school.example', roles: [] }, 'invite')).toBe(true);
  });
  it('a root without any permission opens to every account; one with permissions only to those granted view', () => {
    expect(mayView([], { email: 'x@y.z', roles: [] })).toBe(true);
    expect(mayView(permissions, { email: 'x@y.z', roles: [] })).toBe(false);
    expect(mayView(permissions, ada)).toBe(true);
  });
});

describe('the invitation an account may accept', () => {
  it("is its own user permission to view that is not accepted yet; nobody else's, no accepted one", () => {
    const waiting = userPermission({ id: 'p-wait', inviteAccepted: false });
    expect(pendingInvitation([rolePermission({ role: 'x' }), waiting], ada)).toBe(waiting);
    expect(pendingInvitation([userPermission()], ada)).toBeUndefined();
    expect(pendingInvitation([waiting], { email: 'bob@school.example', roles: [] })).toBeUndefined();
    expect(pendingInvitation([userPermission({ inviteAccepted: false, abilities: ['invite'] })], ada)).toBeUndefined();
  });
});

describe("a file's permissions are checked at import, each error at its path", () => {
  const withPermissions = (permissions: unknown) =>
    Material.safeParse({ modelName: 'Material', id: 'm', publicId: 'm', title: 'M', content: [], permissions });
  const paths = (permissions: unknown) => {
    const result = withPermissions(permissions);
    return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
  };

  it('accepts accounts by email (trimmed) and roles; a user permission is accepted unless the file says not', () => {
    const result = withPermissions([
      { modelName: 'UserPermission', user: ' ada@school.example ', abilities: ['view', 'invite'] },
      { modelName: 'RolePermission', role: 'staff', abilities: ['view'] },
    ]);
    expect(result.success && result.data.permissions).toEqual([
      { modelName: 'UserPermission', user: 'ada@school.example', abilities: ['view', 'invite'], inviteAccepted: true },
      { modelName: 'RolePermission', role: 'staff', abilities: ['view'] },
    ]);
  });

  it('refuses what cannot be one', () => {
    expect(paths([{ modelName: 'UserPermission', user: 'not an address', abilities: ['view'] }])).toEqual(['permissions.0.user']);
    expect(paths([{ modelName: 'RolePermission', role: 'Staff Room', abilities: ['view'] }])).toEqual(['permissions.0.role']);
    expect(paths([{ modelName: 'RolePermission', role: 'staff', abilities: [] }])).toEqual(['permissions.0.abilities']);
    expect(paths([{ modelName: 'RolePermission', role: 'staff', abilities: ['view', 'fly'] }])).toEqual(['permissions.0.abilities.1']);
    expect(paths([{ modelName: 'RolePermission', role: 'staff', abilities: ['view', 'view'] }])).toEqual(['permissions.0.abilities']);
    expect(paths([{ modelName: 'GroupPermission', group: 'x', abilities: ['view'] }])).toEqual(['permissions.0.modelName']);
  });

  it('refuses a second permission for the same account or role', () => {
    expect(
      paths([
        { modelName: 'UserPermission', user: 'ada@school.example', abilities: ['view'] },
        { modelName: 'RolePermission', role: 'staff', abilities: ['view'] },
        { modelName: 'UserPermission', user: 'ADA@school.example', abilities: ['invite'] },
      ]),
    ).toEqual(['permissions.2']);
  });
});
