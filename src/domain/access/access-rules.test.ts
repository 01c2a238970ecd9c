import { describe, expect, it } from 'vitest';
import {
  groupByArea,
  isPermissionNameLocked,
  isProtectedGrant,
  isRoleNameLocked,
  isShopTeam,
  isValidPermissionName,
  isValidRoleName,
  permissionArea,
} from './access-rules';
import { PERMISSIONS } from './permissions';
import { ROLES } from './roles';

describe('role names', () => {
  it.each([
    ['wholesale', true],
    ['night-shift', true],
    ['team_2', true],
    ['ab', true],
    ['a'.repeat(50), true],
    ['a', false],
    ['a'.repeat(51), false],
    ['Wholesale', false],
    ['2nd-shift', false],
    ['-shift', false],
    ['night shift', false],
    ['orders.view', false],
    ['', false],
  ])('%j is valid: %s', (name, valid) => {
    expect(isValidRoleName(name)).toBe(valid);
  });
});

describe('permission names', () => {
  it.each([
    ['orders.view', true],
    ['orders.export', true],
    ['stock-notes.write_all', true],
    ['a.b', true],
    ['orders', false],
    ['orders.', false],
    ['.view', false],
    ['orders.view.all', false],
    ['Orders.view', false],
    ['orders.View', false],
    ['1orders.view', false],
    ['orders.2view', false],
    ['orders view', false],
    [`${'a'.repeat(60)}.${'b'.repeat(40)}`, false],
  ])('%j is valid: %s', (name, valid) => {
    expect(isValidPermissionName(name)).toBe(valid);
  });

  it.each([
    ['orders.view', 'orders'],
    ['roles.manage', 'roles'],
    ['nodot', 'nodot'],
  ])('%s is in area %s', (name, area) => {
    expect(permissionArea(name)).toBe(area);
  });
});

describe('built-in names are locked', () => {
  it.each(ROLES.map((r) => [r]))('role %s is locked', (role) => {
    expect(isRoleNameLocked(role)).toBe(true);
  });
  it.each(PERMISSIONS.map((p) => [p]))('permission %s is locked', (permission) => {
    expect(isPermissionNameLocked(permission)).toBe(true);
  });
  it.each([['wholesale'], ['admins'], ['guest']])('role %s is not locked', (role) => {
    expect(isRoleNameLocked(role)).toBe(false);
  });
  it.each([['orders.export'], ['roles.view']])('permission %s is not locked', (permission) => {
    expect(isPermissionNameLocked(permission)).toBe(false);
  });
});

describe('the protected grant', () => {
  it.each([
    ['admin', 'roles.manage', true],
    ['admin', 'users.manage', false],
    ['staff', 'roles.manage', false],
    ['wholesale', 'roles.manage', false],
  ])('%s / %s is protected: %s', (role, permission, expected) => {
    expect(isProtectedGrant(role, permission)).toBe(expected);
  });
});

describe('grouping by area', () => {
  it('groups and sorts areas and names', () => {
    const groups = groupByArea([
      { name: 'orders.view' },
      { name: 'catalogue.manage' },
      { name: 'orders.manage' },
      { name: 'patients.view' },
    ]);
    expect(groups).toEqual([
      { area: 'catalogue', items: [{ name: 'catalogue.manage' }] },
      { area: 'orders', items: [{ name: 'orders.manage' }, { name: 'orders.view' }] },
      { area: 'patients', items: [{ name: 'patients.view' }] },
    ]);
  });

  it('gives nothing for nothing', () => {
    expect(groupByArea([])).toEqual([]);
  });
});

describe('the shop team (maintenance mode, spec 2 §3)', () => {
  it.each([
    [['admin'], true],
    [['staff', 'customer'], true],
    [['customer', 'partner'], false],
    [['manager'], false],
    [[], false],
  ])('%j is the shop team: %s', (roles, expected) => {
    expect(isShopTeam(roles)).toBe(expected);
  });
});
