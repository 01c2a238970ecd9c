import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES } from '../../../contracts/access';
import { PERMISSIONS, seededPermissionsFor } from '../../../domain/access/permissions';
import { ROLES } from '../../../domain/access/roles';
import { createUser } from '../../../test/factories';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { permissions, rolePermissions, roles } from '../../platform/auth/auth.tables';

let t: TestApp;
let admin: Agent;
let staff: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
});
afterAll(() => t.close());

async function roleId(name: string): Promise<number> {
  const [row] = await t.ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`no role ${name}`);
  return row.id;
}

async function permissionId(name: string): Promise<number> {
  const [row] = await t.ctx.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.name, name));
  if (!row) throw new Error(`no permission ${name}`);
  return row.id;
}

async function heldBy(role: string): Promise<string[]> {
  const rows = await t.ctx.db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(eq(roles.name, role))
    .orderBy(permissions.name);
  return rows.map((r) => r.name);
}

async function auditRows(action: string, subjectId: number) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, String(subjectId))));
}

async function auditCount(): Promise<number> {
  const [row] = await t.ctx.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(auditLog);
  return row!.n;
}

async function createRole(name: string, description?: string) {
  const response = await admin.post('/admin/roles', { name, description });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; name: string };
}

async function createPermission(name: string, description?: string) {
  const response = await admin.post('/admin/permissions', { name, description });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; name: string };
}

/** A guest with a session and CSRF token, but nobody signed in. */
async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit();
  return agent;
}

describe('who may use Roles & permissions', () => {
  const reads = ['/api/roles', '/api/permissions', '/api/roles/1/permissions'];
  const writes: [string, string, Record<string, unknown>][] = [
    ['POST', '/admin/roles', { name: 'nobody-role' }],
    ['PUT', '/admin/roles/1', { name: 'admin' }],
    ['DELETE', '/admin/roles/1', {}],
    ['POST', '/admin/permissions', { name: 'nobody.perm' }],
    ['PUT', '/admin/permissions/1', { name: 'dashboard.view' }],
    ['DELETE', '/admin/permissions/1', {}],
    ['POST', '/admin/roles/1/permissions', { permission_id: 1 }],
    ['DELETE', '/admin/roles/1/permissions/1', {}],
  ];

  it.each(reads)('GET %s answers 401 signed out and 403 for staff', async (url) => {
    const out = await t.agent().get(url);
    expect(out.statusCode).toBe(401);
    expect(out.json()).toEqual({ message: 'Unauthenticated.' });
    const forbidden = await staff.get(url);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'This action is unauthorized.' });
  });

  it.each(writes)(
    '%s %s answers 401 signed out, 403 for staff, 419 without CSRF',
    async (method, url, body) => {
      const before = await auditCount();
      const out = await (await guest()).request({ method: method as 'POST', url, payload: body });
      expect(out.statusCode).toBe(401);
      const forbidden = await staff.request({ method: method as 'POST', url, payload: body });
      expect(forbidden.statusCode).toBe(403);
      const noToken = await admin.request({ method: method as 'POST', url, payload: body, csrf: false });
      expect(noToken.statusCode).toBe(419);
      expect(noToken.json()).toEqual({ message: 'CSRF token mismatch.' });
      expect(await auditCount()).toBe(before);
    },
  );
});

describe('GET /api/roles', () => {
  it('lists the built-in roles with their permission and user counts, 10 per page', async () => {
    const response = await admin.get('/api/roles');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ current_page: 1, per_page: 10, from: 1 });
    expect(body.total).toBeGreaterThanOrEqual(ROLES.length);
    const byName = new Map(body.data.map((r: { name: string }) => [r.name, r]));
    expect(byName.get('admin')).toMatchObject({
      name: 'admin',
      description: 'Full access',
      is_built_in: true,
      permissions_count: PERMISSIONS.length,
    });
    expect(byName.get('staff')).toMatchObject({
      is_built_in: true,
      permissions_count: seededPermissionsFor('staff').length,
    });
    // The two signed-in agents of this file hold admin and staff.
    expect((byName.get('admin') as { users_count: number }).users_count).toBeGreaterThanOrEqual(1);
    expect(Object.keys(body.data[0]).sort()).toEqual(
      ['created_at', 'description', 'id', 'is_built_in', 'name', 'permissions_count', 'users_count'].sort(),
    );
  });

  it('counts the permissions and users of each role exactly', async () => {
    const role = await createRole('count-check', 'Counting');
    for (const name of ['orders.view', 'stock.manage']) {
      await admin.post(`/admin/roles/${role.id}/permissions`, { permission_id: await permissionId(name) });
    }
    for (let i = 0; i < 3; i += 1) await createUser(t.ctx.db, { roles: ['count-check', 'customer'] });
    const response = await admin.get('/api/roles?search=count-check');
    expect(response.json().data).toEqual([
      expect.objectContaining({
        name: 'count-check',
        description: 'Counting',
        is_built_in: false,
        permissions_count: 2,
        users_count: 3,
      }),
    ]);
  });

  it('pages, searches and sorts', async () => {
    for (let i = 1; i <= 12; i += 1) {
      await createRole(`paging-${String(i).padStart(2, '0')}`, i === 7 ? 'Seventh of the night' : undefined);
      t.advance(1000);
    }
    const first = (await admin.get('/api/roles?search=paging-')).json();
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 12, from: 1, to: 10 });
    expect(first.data.map((r: { name: string }) => r.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `paging-${String(i + 1).padStart(2, '0')}`),
    );
    const second = (await admin.get('/api/roles?search=paging-&page=2')).json();
    expect(second).toMatchObject({ current_page: 2, last_page: 2, total: 12, from: 11, to: 12 });
    expect(second.data.map((r: { name: string }) => r.name)).toEqual(['paging-11', 'paging-12']);

    const beyond = (await admin.get('/api/roles?search=paging-&page=5')).json();
    expect(beyond).toMatchObject({ data: [], total: 12, current_page: 5, from: null, to: null });

    const desc = (await admin.get('/api/roles?search=paging-&sort=name&direction=desc&per_page=3')).json();
    expect(desc.data.map((r: { name: string }) => r.name)).toEqual(['paging-12', 'paging-11', 'paging-10']);
    expect(desc).toMatchObject({ per_page: 3, last_page: 4 });

    const newest = (
      await admin.get('/api/roles?search=paging-&sort=created_at&direction=desc&per_page=2')
    ).json();
    expect(newest.data.map((r: { name: string }) => r.name)).toEqual(['paging-12', 'paging-11']);

    const byDescription = (await admin.get('/api/roles?search=SEVENTH')).json();
    expect(byDescription.data.map((r: { name: string }) => r.name)).toEqual(['paging-07']);

    // % and _ are searched literally.
    expect((await admin.get('/api/roles?search=%25')).json().total).toBe(0);
  });

  it('answers 422 for a sort it does not know', async () => {
    const response = await admin.get('/api/roles?sort=users_count');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.sort).toBeDefined();
  });
});

describe('GET /api/permissions', () => {
  it('lists permissions with how many roles hold each, 10 per page', async () => {
    const response = await admin.get('/api/permissions?per_page=100');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const byName = new Map(body.data.map((p: { name: string }) => [p.name, p]));
    for (const name of PERMISSIONS) expect(byName.get(name)).toMatchObject({ is_built_in: true });
    // users.manage: admin only; orders.view: admin and staff (and any custom role given it here).
    expect(byName.get('roles.manage')).toMatchObject({ roles_count: 1 });
    expect(Object.keys(body.data[0]).sort()).toEqual(
      ['created_at', 'description', 'id', 'is_built_in', 'name', 'roles_count'].sort(),
    );
    const firstPage = (await admin.get('/api/permissions')).json();
    expect(firstPage.per_page).toBe(10);
    expect(firstPage.data).toHaveLength(10);
    expect(firstPage.total).toBeGreaterThanOrEqual(PERMISSIONS.length);
  });

  it('counts roles exactly, searches and sorts', async () => {
    const permission = await createPermission('reports.export', 'Download sales reports');
    const a = await createRole('reporters-a');
    const b = await createRole('reporters-b');
    for (const role of [a, b]) {
      await admin.post(`/admin/roles/${role.id}/permissions`, { permission_id: permission.id });
    }
    const found = (await admin.get('/api/permissions?search=sales report')).json();
    expect(found.data).toEqual([
      expect.objectContaining({ name: 'reports.export', is_built_in: false, roles_count: 2 }),
    ]);
    const sorted = (await admin.get('/api/permissions?search=orders.&sort=name&direction=desc')).json();
    expect(sorted.data.map((p: { name: string }) => p.name)).toEqual(['orders.view', 'orders.manage']);
  });
});

describe('GET /api/roles/{id}/permissions', () => {
  it('gives the role, the permissions it holds and every permission', async () => {
    const response = await admin.get(`/api/roles/${await roleId('staff')}/permissions`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.role).toMatchObject({ name: 'staff', is_built_in: true });
    expect(body.permissions.map((p: { name: string }) => p.name)).toEqual(
      [...seededPermissionsFor('staff')].sort(),
    );
    expect(Object.keys(body.permissions[0]).sort()).toEqual(['id', 'name']);
    const all = body.all_permissions.map((p: { name: string }) => p.name);
    for (const name of PERMISSIONS) expect(all).toContain(name);
    expect(Object.keys(body.all_permissions[0]).sort()).toEqual(['description', 'id', 'name']);
  });

  it('answers 404 for a role that does not exist', async () => {
    const response = await admin.get('/api/roles/999999/permissions');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: ACCESS_MESSAGES.roleNotFound });
  });
});

describe('POST /admin/roles', () => {
  it('creates a role with no permissions and an audit row', async () => {
    const response = await admin.post('/admin/roles', { name: 'wholesale', description: '  Trade buyers ' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: ACCESS_MESSAGES.roleCreated,
      data: {
        name: 'wholesale',
        description: 'Trade buyers',
        is_built_in: false,
        permissions_count: 0,
        users_count: 0,
      },
    });
    const [row] = await auditRows('role.created', body.data.id);
    expect(row).toMatchObject({
      subjectType: 'role',
      data: { name: 'wholesale', description: 'Trade buyers' },
    });
    expect(row!.actorUserId).not.toBeNull();
  });

  it('stores a blank description as none', async () => {
    const role = await createRole('no-description', '   ');
    expect((await admin.get(`/api/roles/${role.id}/permissions`)).json().role.description).toBeNull();
  });

  it.each([
    [{}, ACCESS_MESSAGES.roleNameRequired],
    [{ name: '   ' }, ACCESS_MESSAGES.roleNameRequired],
    [{ name: 'Night Shift' }, ACCESS_MESSAGES.roleNameFormat],
    [{ name: 'x' }, ACCESS_MESSAGES.roleNameFormat],
    [{ name: `a${'b'.repeat(50)}` }, ACCESS_MESSAGES.roleNameFormat],
    [{ name: 'staff' }, ACCESS_MESSAGES.nameTaken],
  ])('answers 422 for %j', async (body, message) => {
    const before = await auditCount();
    const response = await admin.post('/admin/roles', body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message, errors: { name: [message] } });
    expect(await auditCount()).toBe(before);
  });

  it('answers 422 for a description that is too long', async () => {
    const response = await admin.post('/admin/roles', { name: 'long-desc', description: 'x'.repeat(256) });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ description: [ACCESS_MESSAGES.descriptionTooLong] });
  });

  it('lets only one of two simultaneous creates with the same name win', async () => {
    const [one, two] = await Promise.all([
      admin.post('/admin/roles', { name: 'twin' }),
      admin.post('/admin/roles', { name: 'twin' }),
    ]);
    expect([one!.statusCode, two!.statusCode].sort()).toEqual([200, 422]);
    const loser = one!.statusCode === 422 ? one! : two!;
    expect(loser.json().errors).toEqual({ name: [ACCESS_MESSAGES.nameTaken] });
  });
});

describe('PUT /admin/roles/{id}', () => {
  it('renames a custom role and writes down the change', async () => {
    const role = await createRole('night-shift', 'Evenings');
    const response = await admin.put(`/admin/roles/${role.id}`, { name: 'late-shift', description: 'Late' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: ACCESS_MESSAGES.roleUpdated,
      data: { id: role.id, name: 'late-shift', description: 'Late' },
    });
    const [row] = await auditRows('role.updated', role.id);
    expect(row!.data).toEqual({
      name: { from: 'night-shift', to: 'late-shift' },
      description: { from: 'Evenings', to: 'Late' },
    });
  });

  it('keeps people signed in with a renamed role working in it', async () => {
    const role = await createRole('auditors');
    await admin.post(`/admin/roles/${role.id}/permissions`, {
      permission_id: await permissionId('roles.manage'),
    });
    const auditor = await t.signedIn(['auditors']);
    expect((await auditor.get('/api/roles')).statusCode).toBe(200);
    await admin.put(`/admin/roles/${role.id}`, { name: 'inspectors' });
    expect((await auditor.get('/api/roles')).statusCode).toBe(200);
    expect((await auditor.get('/api/user')).json().data.active_role).toBe('inspectors');
  });

  it('refuses to rename a built-in role but changes its description', async () => {
    const id = await roleId('staff');
    const before = await auditCount();
    const rename = await admin.put(`/admin/roles/${id}`, { name: 'employees' });
    expect(rename.statusCode).toBe(422);
    expect(rename.json()).toEqual({
      message: ACCESS_MESSAGES.builtInRoleRename('staff'),
      errors: { name: [ACCESS_MESSAGES.builtInRoleRename('staff')] },
    });
    expect(await auditCount()).toBe(before);

    const describe = await admin.put(`/admin/roles/${id}`, { name: 'staff', description: 'Shop floor team' });
    expect(describe.statusCode).toBe(200);
    expect(describe.json().data).toMatchObject({
      name: 'staff',
      description: 'Shop floor team',
      is_built_in: true,
    });
    await admin.put(`/admin/roles/${id}`, { name: 'staff', description: 'Internal, limited admin access' });
  });

  it('answers 422 for a taken or malformed name, 404 for a missing role', async () => {
    const role = await createRole('renamer');
    const taken = await admin.put(`/admin/roles/${role.id}`, { name: 'customer' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: [ACCESS_MESSAGES.nameTaken] });
    const malformed = await admin.put(`/admin/roles/${role.id}`, { name: 'Bad Name' });
    expect(malformed.json().errors).toEqual({ name: [ACCESS_MESSAGES.roleNameFormat] });
    const missing = await admin.put('/admin/roles/999999', { name: 'ghost-role' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: ACCESS_MESSAGES.roleNotFound });
  });

  it('accepts a classic form POST with _method=PUT', async () => {
    const role = await createRole('form-put');
    const response = await admin.post(`/admin/roles/${role.id}`, { _method: 'PUT', name: 'form-put-2' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('form-put-2');
  });
});

describe('DELETE /admin/roles/{id}', () => {
  it('deletes a custom role with its grants and writes down what it had', async () => {
    const role = await createRole('temporary');
    await admin.post(`/admin/roles/${role.id}/permissions`, {
      permission_id: await permissionId('orders.view'),
    });
    const response = await admin.delete(`/admin/roles/${role.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: ACCESS_MESSAGES.roleDeleted,
      data: { id: role.id, name: 'temporary' },
    });
    expect(await t.ctx.db.select().from(roles).where(eq(roles.id, role.id))).toEqual([]);
    expect(await t.ctx.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, role.id))).toEqual(
      [],
    );
    const [row] = await auditRows('role.deleted', role.id);
    expect(row!.data).toEqual({ name: 'temporary', description: null, permissions: ['orders.view'] });
    expect((await admin.delete(`/admin/roles/${role.id}`)).statusCode).toBe(404);
  });

  it.each(ROLES.map((r) => [r]))('refuses to delete the built-in role %s', async (name) => {
    const response = await admin.delete(`/admin/roles/${await roleId(name)}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(ACCESS_MESSAGES.builtInRoleDelete(name));
    await roleId(name);
  });

  it('refuses with 409 while users hold the role', async () => {
    const role = await createRole('held-role');
    const holders = [
      await createUser(t.ctx.db, { roles: ['held-role'] }),
      await createUser(t.ctx.db, { roles: ['held-role', 'customer'] }),
    ];
    const before = await auditCount();
    const response = await admin.delete(`/admin/roles/${role.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This role is held by 2 users. Remove it from them first.' });
    expect(await auditCount()).toBe(before);
    await roleId('held-role');

    await t.ctx.db.execute(
      sql`delete from user_roles where user_id = ${holders[0]!.id} and role_id = ${role.id}`,
    );
    const one = await admin.delete(`/admin/roles/${role.id}`);
    expect(one.json().message).toBe('This role is held by 1 user. Remove it from them first.');
  });

  it('accepts a classic form POST with _method=DELETE', async () => {
    const role = await createRole('form-delete');
    const response = await admin.post(`/admin/roles/${role.id}`, { _method: 'DELETE' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(ACCESS_MESSAGES.roleDeleted);
    expect(await t.ctx.db.select().from(roles).where(eq(roles.id, role.id))).toEqual([]);
  });

  it('answers 404 for an id that is not a number', async () => {
    expect((await admin.delete('/admin/roles/abc')).statusCode).toBe(404);
  });
});

describe('permissions: create, rename, delete', () => {
  it('creates a permission with an audit row', async () => {
    const response = await admin.post('/admin/permissions', {
      name: 'orders.export',
      description: 'Export orders',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: ACCESS_MESSAGES.permissionCreated,
      data: { name: 'orders.export', description: 'Export orders', is_built_in: false, roles_count: 0 },
    });
    expect(await auditRows('permission.created', body.data.id)).toHaveLength(1);
  });

  it.each([
    [{}, ACCESS_MESSAGES.permissionNameRequired],
    [{ name: 'orders' }, ACCESS_MESSAGES.permissionNameFormat],
    [{ name: 'Orders.View' }, ACCESS_MESSAGES.permissionNameFormat],
    [{ name: 'orders.view.all' }, ACCESS_MESSAGES.permissionNameFormat],
    [{ name: `${'a'.repeat(60)}.${'b'.repeat(45)}` }, ACCESS_MESSAGES.permissionNameTooLong],
    [{ name: 'orders.view' }, ACCESS_MESSAGES.nameTaken],
  ])('answers 422 for %j', async (body, message) => {
    const response = await admin.post('/admin/permissions', body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message, errors: { name: [message] } });
  });

  it('renames a custom permission', async () => {
    const permission = await createPermission('labels.print');
    const response = await admin.put(`/admin/permissions/${permission.id}`, {
      name: 'labels.print-all',
      description: 'Print every label',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: ACCESS_MESSAGES.permissionUpdated,
      data: { name: 'labels.print-all', description: 'Print every label' },
    });
    const [row] = await auditRows('permission.updated', permission.id);
    expect(row!.data).toMatchObject({ name: { from: 'labels.print', to: 'labels.print-all' } });
    const taken = await admin.put(`/admin/permissions/${permission.id}`, { name: 'orders.view' });
    expect(taken.json().errors).toEqual({ name: [ACCESS_MESSAGES.nameTaken] });
  });

  it('refuses to rename a built-in permission but changes its description', async () => {
    const id = await permissionId('orders.view');
    const rename = await admin.put(`/admin/permissions/${id}`, { name: 'orders.read' });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().errors).toEqual({ name: [ACCESS_MESSAGES.builtInPermissionRename('orders.view')] });
    const describe = await admin.put(`/admin/permissions/${id}`, {
      name: 'orders.view',
      description: 'See orders',
    });
    expect(describe.statusCode).toBe(200);
    expect(describe.json().data).toMatchObject({ name: 'orders.view', description: 'See orders' });
  });

  it('deletes a custom permission and takes it from the roles that held it', async () => {
    const permission = await createPermission('gifts.wrap');
    const role = await createRole('wrappers');
    await admin.post(`/admin/roles/${role.id}/permissions`, { permission_id: permission.id });
    const response = await admin.delete(`/admin/permissions/${permission.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: ACCESS_MESSAGES.permissionDeleted,
      data: { id: permission.id, name: 'gifts.wrap' },
    });
    expect(await heldBy('wrappers')).toEqual([]);
    const [row] = await auditRows('permission.deleted', permission.id);
    expect(row!.data).toMatchObject({ name: 'gifts.wrap', roles: ['wrappers'] });
  });

  it.each(PERMISSIONS.map((p) => [p]))('refuses to delete the built-in permission %s', async (name) => {
    const response = await admin.delete(`/admin/permissions/${await permissionId(name)}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(ACCESS_MESSAGES.builtInPermissionDelete(name));
  });

  it('answers 404 for a missing permission and accepts _method=DELETE', async () => {
    expect((await admin.put('/admin/permissions/999999', { name: 'ghost.perm' })).statusCode).toBe(404);
    const missing = await admin.delete('/admin/permissions/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: ACCESS_MESSAGES.permissionNotFound });
    const permission = await createPermission('forms.post');
    const viaPost = await admin.post(`/admin/permissions/${permission.id}`, { _method: 'DELETE' });
    expect(viaPost.statusCode).toBe(200);
  });
});

describe('granting and revoking', () => {
  it('grants once, and granting again changes nothing', async () => {
    const role = await createRole('granted-role');
    const permission = await permissionId('users.manage');
    const first = await admin.post(`/admin/roles/${role.id}/permissions`, { permission_id: permission });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      message: ACCESS_MESSAGES.permissionGranted,
      data: {
        role_id: role.id,
        permission_id: permission,
        permission: 'users.manage',
        held: true,
        changed: true,
      },
    });
    const again = await admin.post(`/admin/roles/${role.id}/permissions`, {
      permission_id: String(permission),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ held: true, changed: false });
    expect(await heldBy('granted-role')).toEqual(['users.manage']);
    const rows = await auditRows('role.permission_granted', role.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toEqual({
      role: 'granted-role',
      permission: 'users.manage',
      permission_id: permission,
    });
  });

  it('revokes once, and revoking again changes nothing', async () => {
    const role = await createRole('revoked-role');
    const permission = await permissionId('stock.manage');
    await admin.post(`/admin/roles/${role.id}/permissions`, { permission_id: permission });
    const first = await admin.delete(`/admin/roles/${role.id}/permissions/${permission}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      message: ACCESS_MESSAGES.permissionRevoked,
      data: {
        role_id: role.id,
        permission_id: permission,
        permission: 'stock.manage',
        held: false,
        changed: true,
      },
    });
    const again = await admin.delete(`/admin/roles/${role.id}/permissions/${permission}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ held: false, changed: false });
    expect(await heldBy('revoked-role')).toEqual([]);
    expect(await auditRows('role.permission_revoked', role.id)).toHaveLength(1);
  });

  it('accepts a classic form POST with _method=DELETE for a revoke', async () => {
    const role = await createRole('form-revoke');
    const permission = await permissionId('files.manage');
    await admin.post(`/admin/roles/${role.id}/permissions`, { permission_id: permission });
    const response = await admin.post(`/admin/roles/${role.id}/permissions/${permission}`, {
      _method: 'DELETE',
    });
    expect(response.statusCode).toBe(200);
    expect(await heldBy('form-revoke')).toEqual([]);
  });

  it('keeps roles.manage on the admin role so nobody locks the shop out', async () => {
    const admins = await roleId('admin');
    const rolesManage = await permissionId('roles.manage');
    const before = await auditCount();
    const response = await admin.delete(`/admin/roles/${admins}/permissions/${rolesManage}`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: ACCESS_MESSAGES.adminKeepsRolesManage,
      errors: { permission_id: [ACCESS_MESSAGES.adminKeepsRolesManage] },
    });
    expect(await heldBy('admin')).toContain('roles.manage');
    expect(await auditCount()).toBe(before);
    expect((await admin.get('/api/roles')).statusCode).toBe(200);

    // Other admin permissions may go, and come back.
    const files = await permissionId('files.manage');
    expect((await admin.delete(`/admin/roles/${admins}/permissions/${files}`)).statusCode).toBe(200);
    expect(await heldBy('admin')).not.toContain('files.manage');
    expect(
      (await admin.post(`/admin/roles/${admins}/permissions`, { permission_id: files })).statusCode,
    ).toBe(200);
  });

  it('answers 422 for a missing or unknown permission_id', async () => {
    const role = await roleId('customer');
    const missing = await admin.post(`/admin/roles/${role}/permissions`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ permission_id: [ACCESS_MESSAGES.permissionRequired] });
    const unknown = await admin.post(`/admin/roles/${role}/permissions`, { permission_id: 999999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ permission_id: [ACCESS_MESSAGES.permissionUnknown] });
  });

  it('answers 404 for a missing role or permission', async () => {
    const permission = await permissionId('orders.view');
    const grant = await admin.post('/admin/roles/999999/permissions', { permission_id: permission });
    expect(grant.statusCode).toBe(404);
    expect(grant.json()).toEqual({ message: ACCESS_MESSAGES.roleNotFound });
    const revokeRole = await admin.delete(`/admin/roles/999999/permissions/${permission}`);
    expect(revokeRole.statusCode).toBe(404);
    const revokePermission = await admin.delete(`/admin/roles/${await roleId('staff')}/permissions/999999`);
    expect(revokePermission.statusCode).toBe(404);
    expect(revokePermission.json()).toEqual({ message: ACCESS_MESSAGES.permissionNotFound });
  });
});

describe('permission changes take effect on the next request', () => {
  it('opens and closes Roles & permissions for an already signed-in staff user', async () => {
    const staffRole = await roleId('staff');
    const rolesManage = await permissionId('roles.manage');
    const member = await t.signedIn(['staff']);
    expect((await member.get('/api/roles')).statusCode).toBe(403);
    try {
      const grant = await admin.post(`/admin/roles/${staffRole}/permissions`, { permission_id: rolesManage });
      expect(grant.statusCode).toBe(200);
      expect((await member.get('/api/roles')).statusCode).toBe(200);
      expect((await member.get('/api/user')).json().data.permissions).toContain('roles.manage');
    } finally {
      const revoke = await admin.delete(`/admin/roles/${staffRole}/permissions/${rolesManage}`);
      expect(revoke.statusCode).toBe(200);
    }
    expect((await member.get('/api/roles')).statusCode).toBe(403);
    expect(await heldBy('staff')).toEqual([...seededPermissionsFor('staff')].sort());
  });

  it('refuses a custom role holder on the next request once the permission is revoked', async () => {
    const role = await createRole('short-lived');
    const perm = await permissionId('roles.manage');
    await admin.post(`/admin/roles/${role.id}/permissions`, { permission_id: perm });
    const holder = await t.signedIn(['short-lived']);
    expect((await holder.get('/api/permissions')).statusCode).toBe(200);
    await admin.delete(`/admin/roles/${role.id}/permissions/${perm}`);
    expect((await holder.get('/api/permissions')).statusCode).toBe(403);
  });
});

describe('the seeded data stays as it was', () => {
  it('still has every built-in role and permission', async () => {
    const names = await t.ctx.db
      .select({ name: roles.name })
      .from(roles)
      .where(inArray(roles.name, [...ROLES]));
    expect(names).toHaveLength(ROLES.length);
    const perms = await t.ctx.db
      .select({ name: permissions.name })
      .from(permissions)
      .where(inArray(permissions.name, [...PERMISSIONS]));
    expect(perms).toHaveLength(PERMISSIONS.length);
  });
});
