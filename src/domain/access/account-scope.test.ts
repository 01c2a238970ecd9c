import { describe, expect, it } from 'vitest';
import {
  BACK_OFFICE_ROLES,
  isCustomerAccount,
  ACCOUNT_SCOPE_MESSAGES as M,
  refuseAccountChange,
  refuseCustomerChange,
  refusePermissionChange,
  refuseRoleGrant,
  type ScopeActor,
  type ScopeTarget,
} from './account-scope';
import { seededPermissionsFor } from './permissions';

const actor = (activeRole: string, permissions: readonly string[], userId = 1): ScopeActor => ({
  userId,
  activeRole,
  permissions: new Set(permissions),
});
const target = (roles: string[], permissions: string[] = [], userId = 2): ScopeTarget => ({
  userId,
  roles,
  permissions,
});

const ADMIN = actor('admin', seededPermissionsFor('admin'));
const STAFF = actor('staff', seededPermissionsFor('staff'));
/** A custom role that may manage users but holds nothing else. */
const USER_MANAGER = actor('user-manager', ['users.manage']);
const ALL = seededPermissionsFor('admin');
const STAFF_PERMISSIONS = seededPermissionsFor('staff');

describe('customer accounts (the order form may change them)', () => {
  it('names admin, staff, supplier and doctor the back office', () => {
    expect([...BACK_OFFICE_ROLES].sort()).toEqual(['admin', 'doctor', 'staff', 'supplier']);
  });

  it.each([
    [['customer'], [], true],
    [['partner', 'customer'], [], true],
    [['patient'], [], true],
    [[], [], true],
    [['wholesale'], [], true],
    [['admin'], ALL, false],
    [['staff'], STAFF_PERMISSIONS, false],
    [['supplier'], [], false],
    [['doctor'], [], false],
    [['customer', 'admin'], ALL, false],
    [['customer', 'doctor'], [], false],
    [['customer', 'night-shift'], ['orders.view'], false],
    [['customer'], ['orders.view'], false],
  ] as [string[], string[], boolean][])(
    '%j holding %j is a customer account: %s',
    (roles, permissions, expected) => {
      expect(isCustomerAccount({ roles, permissions })).toBe(expected);
      expect(refuseCustomerChange(target(roles, permissions))).toBe(expected ? null : M.notCustomer);
    },
  );
});

describe('changing another account', () => {
  it.each([
    ['admin on admin', ADMIN, target(['admin'], ALL), null],
    ['admin on staff', ADMIN, target(['staff'], STAFF_PERMISSIONS), null],
    ['admin on customer', ADMIN, target(['customer']), null],
    ['staff on admin', STAFF, target(['admin'], ALL), M.adminOnly],
    ['staff on an admin who is also a customer', STAFF, target(['admin', 'customer'], ALL), M.adminOnly],
    ['staff on staff', STAFF, target(['staff'], STAFF_PERMISSIONS), null],
    ['staff on customer', STAFF, target(['customer']), null],
    ['user manager on admin', USER_MANAGER, target(['admin'], ALL), M.adminOnly],
    ['user manager on staff', USER_MANAGER, target(['staff'], STAFF_PERMISSIONS), M.aboveActor],
    ['user manager on a supplier', USER_MANAGER, target(['supplier']), null],
    ['user manager on another user manager', USER_MANAGER, target(['user-manager'], ['users.manage']), null],
    [
      'admin on an account holding a permission the shop added',
      ADMIN,
      target(['gift-desk'], ['gifts.wrap']),
      null,
    ],
    [
      'user manager on a role with one more permission',
      USER_MANAGER,
      target(['x'], ['users.manage', 'files.manage']),
      M.aboveActor,
    ],
    ['anyone on themselves', USER_MANAGER, target(['admin'], ALL, 1), null],
  ])('%s', (_, who, whom, expected) => {
    expect(refuseAccountChange(who, whom)).toBe(expected);
  });
});

describe('giving roles', () => {
  const role = (name: string, permissions: readonly string[] = []) => ({ name, permissions });
  const adminRole = role('admin', ALL);
  const staffRole = role('staff', STAFF_PERMISSIONS);

  it.each([
    ['admin gives admin', ADMIN, 2, [], [adminRole], null],
    ['admin gives staff', ADMIN, 2, ['customer'], [role('customer'), staffRole], null],
    [
      'admin gives a role with a permission the shop added',
      ADMIN,
      2,
      [],
      [role('gift-desk', ['gifts.wrap'])],
      null,
    ],
    ['staff gives admin', STAFF, 2, [], [adminRole], M.grantAdmin],
    ['a user manager gives admin', USER_MANAGER, 2, ['customer'], [adminRole], M.grantAdmin],
    ['a user manager gives staff', USER_MANAGER, 2, [], [staffRole], M.grantRole('staff')],
    [
      'a user manager gives customer and partner',
      USER_MANAGER,
      2,
      [],
      [role('customer'), role('partner')],
      null,
    ],
    [
      'a user manager gives their own kind',
      USER_MANAGER,
      2,
      [],
      [role('user-manager', ['users.manage'])],
      null,
    ],
    [
      'a user manager keeps a role already held',
      USER_MANAGER,
      2,
      ['staff'],
      [staffRole, role('customer')],
      null,
    ],
    ['anyone gives themselves a role', ADMIN, 1, ['admin'], [adminRole, role('customer')], M.ownRoles],
    ['anyone takes away their own role', ADMIN, 1, ['admin', 'customer'], [adminRole], M.ownRoles],
    [
      "saving one's own roles unchanged",
      USER_MANAGER,
      1,
      ['user-manager'],
      [role('user-manager', ['users.manage'])],
      null,
    ],
    [
      'a new user (no id yet) given admin by a user manager',
      USER_MANAGER,
      null,
      [],
      [adminRole],
      M.grantAdmin,
    ],
  ] as const)('%s', (_, who, targetId, before, granted, expected) => {
    expect(refuseRoleGrant(who, targetId, before, granted)).toBe(expected);
  });
});

describe('switching permissions of a role', () => {
  const ROLE_MANAGER = actor('role-manager', ['roles.manage', 'orders.view']);
  it.each([
    ['admin on the admin role', ADMIN, 'admin', 'users.manage', null],
    ['admin on staff', ADMIN, 'staff', 'users.manage', null],
    ['admin gives a permission the shop added (full access)', ADMIN, 'staff', 'gifts.wrap', null],
    ['a role manager on the admin role', ROLE_MANAGER, 'admin', 'orders.view', M.adminRoleOnly],
    ['a role manager gives what they hold', ROLE_MANAGER, 'staff', 'orders.view', null],
    [
      'a role manager gives what they lack',
      ROLE_MANAGER,
      'staff',
      'users.manage',
      M.grantPermission('users.manage'),
    ],
    [
      'a role manager gives their own role more',
      ROLE_MANAGER,
      'role-manager',
      'settings.manage',
      M.grantPermission('settings.manage'),
    ],
  ] as const)('%s', (_, who, role, permission, expected) => {
    expect(refusePermissionChange(who, role, permission)).toBe(expected);
  });
});
