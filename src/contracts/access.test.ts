import { describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, attachPermissionBody, permissionBody, roleBody, rolesListQuery } from './access';

function firstError(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return result.success
    ? null
    : { field: String(result.error!.issues[0]!.path[0]), message: result.error!.issues[0]!.message };
}

describe('role body', () => {
  it.each([
    [{}, ACCESS_MESSAGES.roleNameRequired],
    [{ name: '' }, ACCESS_MESSAGES.roleNameRequired],
    [{ name: 'Night' }, ACCESS_MESSAGES.roleNameFormat],
    [{ name: 'night', description: 'x'.repeat(256) }, ACCESS_MESSAGES.descriptionTooLong],
  ])('%j → %s', (input, message) => {
    expect(firstError(roleBody.safeParse(input))?.message).toBe(message);
  });

  it('trims and turns a blank description into none', () => {
    expect(roleBody.parse({ name: ' night ', description: '  ' })).toEqual({
      name: 'night',
      description: null,
    });
  });
});

describe('permission body', () => {
  it.each([
    [{}, ACCESS_MESSAGES.permissionNameRequired],
    [{ name: 'orders' }, ACCESS_MESSAGES.permissionNameFormat],
    [{ name: `${'a'.repeat(70)}.${'b'.repeat(40)}` }, ACCESS_MESSAGES.permissionNameTooLong],
  ])('%j → %s', (input, message) => {
    expect(firstError(permissionBody.safeParse(input))?.message).toBe(message);
  });

  it('accepts area.action', () => {
    expect(permissionBody.parse({ name: 'orders.export' })).toEqual({ name: 'orders.export' });
  });
});

describe('attach body', () => {
  it.each([
    [{}],
    [{ permission_id: '' }],
    [{ permission_id: 'abc' }],
    [{ permission_id: 0 }],
    [{ permission_id: 1.5 }],
  ])('%j asks for a permission', (input) => {
    expect(firstError(attachPermissionBody.safeParse(input))).toEqual({
      field: 'permission_id',
      message: ACCESS_MESSAGES.permissionRequired,
    });
  });

  it('reads a form string as a number', () => {
    expect(attachPermissionBody.parse({ permission_id: '7' })).toEqual({ permission_id: 7 });
  });
});

describe('list query', () => {
  it('defaults to 10 per page by name', () => {
    expect(rolesListQuery.parse({})).toEqual({ page: 1, per_page: 10, sort: 'name', direction: 'asc' });
  });
});

describe('held message', () => {
  it.each([
    [1, 'This role is held by 1 user. Remove it from them first.'],
    [3, 'This role is held by 3 users. Remove it from them first.'],
  ])('%i → %s', (count, message) => {
    expect(ACCESS_MESSAGES.roleHeld(count)).toBe(message);
  });
});
