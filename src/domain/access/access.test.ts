import { describe, expect, it } from 'vitest';
import { PERMISSIONS, seededPermissionsFor } from './permissions';
import { dashboardUrlFor, defaultActiveRole, roleRefusalMessage } from './roles';

describe('seeded permissions', () => {
  it('gives admin every permission', () => {
    expect(seededPermissionsFor('admin')).toEqual([...PERMISSIONS]);
  });

  it('gives staff everything but users, roles, settings, credit management, the access log and failed jobs', () => {
    const staff = seededPermissionsFor('staff');
    expect(staff).toContain('orders.manage');
    expect(staff).toContain('files.manage');
    expect(staff).toContain('dashboard.view');
    for (const denied of [
      'users.manage',
      'roles.manage',
      'settings.manage',
      'credit.manage',
      'patients.audit',
      'jobs.manage',
    ]) {
      expect(staff).not.toContain(denied);
    }
    expect(staff).toHaveLength(PERMISSIONS.length - 6);
  });

  it.each(['customer', 'partner', 'doctor', 'patient', 'supplier', 'custom'])('gives %s nothing', (role) => {
    expect(seededPermissionsFor(role)).toEqual([]);
  });
});

describe('roles', () => {
  it.each([
    ['admin', '/dashboard'],
    ['staff', '/dashboard'],
    ['partner', '/partner/dashboard'],
    ['customer', '/customer/dashboard'],
  ])('%s lands on %s', (role, url) => {
    expect(dashboardUrlFor(role)).toBe(url);
  });

  it.each([
    [['partner', 'customer'], 'customer'],
    [['customer', 'admin'], 'admin'],
    [['doctor'], 'doctor'],
    [['patient', 'doctor'], 'doctor'],
    [['wholesale'], 'wholesale'],
    [[], null],
  ])('held %j starts as %s', (held, expected) => {
    expect(defaultActiveRole(held)).toBe(expected);
  });

  it('refuses in the spec words', () => {
    expect(roleRefusalMessage('partner')).toBe('You do not have permission to access the partner role');
  });
});
