import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SCOPE_MESSAGES } from '../../../domain/access/account-scope';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../../platform/auth/auth.tables';
import { keepRoleManagers, LAST_ROLE_MANAGER } from './keep-role-managers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the shop keeps someone who can manage roles', () => {
  it('lets an admin demote another admin; the last one cannot drop their own admin role', async () => {
    const admin = await t.signedIn(['admin']);
    const other = await createUser(t.ctx.db, { roles: ['admin'] });
    // Two admins: demoting the other one is fine.
    const demote = await admin.put(`/admin/users/${other.id}/role`, { roles: ['staff'] });
    expect(demote.statusCode).toBe(200);
    // Nobody changes their own roles (docs/decisions/0035), the last admin included.
    const self = await admin.put(`/admin/users/${admin.user.id}/role`, { roles: ['staff'] });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(ACCOUNT_SCOPE_MESSAGES.ownRoles);
    expect((await admin.get('/api/user/roles')).json().roles).toEqual(['admin']);
  });

  it('refuses a change that leaves no active role manager (the safety net under the scope policy)', async () => {
    const admin = await t.signedIn(['admin']);
    const roleId = (await admin.post('/admin/roles', { name: 'access-desk', description: 'x' })).json().data
      .id;
    const all = (await admin.get(`/api/roles/${roleId}/permissions`)).json().all_permissions as {
      id: number;
      name: string;
    }[];
    const rolesManage = all.find((p) => p.name === 'roles.manage')!;
    expect(
      (await admin.post(`/admin/roles/${roleId}/permissions`, { permission_id: rolesManage.id })).statusCode,
    ).toBe(200);
    // Every user holding roles.manage is the admin role's or this one's: close them all inside one transaction.
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await tx.update(users).set({ accountStatus: 'closed' });
        await keepRoleManagers(tx, 'account_status');
      }),
    ).rejects.toMatchObject({ errors: { account_status: [LAST_ROLE_MANAGER] } });
  });

  it('refuses a user manager who is not an admin to suspend or close an admin', async () => {
    // A user-manager role without roles.manage acts on the only admin.
    const managerAgent = await t.signedIn(['admin']);
    const roleId = (
      await managerAgent.post('/admin/roles', { name: 'user-desk', description: 'Users only' })
    ).json().data.id;
    const permissions = (await managerAgent.get(`/api/roles/${roleId}/permissions`)).json()
      .all_permissions as { id: number; name: string }[];
    const usersManage = permissions.find((p) => p.name === 'users.manage')!;
    await managerAgent.post(`/admin/roles/${roleId}/permissions`, { permission_id: usersManage.id });
    const desk = await t.signedIn(['user-desk']);
    // Suspend every admin but one, then try the last one.
    const admins = (await managerAgent.get('/api/users?role=admin&per_page=100')).json().data as {
      id: number;
    }[];
    for (const a of admins.filter((x) => x.id !== managerAgent.user.id)) {
      await managerAgent.put(`/admin/users/${a.id}/account-status`, {
        account_status: 'suspended',
        status_reason: 'test',
      });
    }
    const last = await desk.put(`/admin/users/${managerAgent.user.id}/account-status`, {
      account_status: 'closed',
      status_reason: 'leaving',
    });
    expect(last.statusCode).toBe(403);
    expect(last.json().message).toBe(ACCOUNT_SCOPE_MESSAGES.adminOnly);
    expect((await managerAgent.get('/api/user')).statusCode).toBe(200);
  });

  it('ends a user’s sessions when an admin sets their password', async () => {
    const admin = await t.signedIn(['admin']);
    const customer = await t.signedIn(['customer']);
    const user = (await admin.get(`/api/users/${customer.user.id}`)).json().data;
    const response = await admin.put(`/admin/users/${customer.user.id}`, {
      ...user,
      password: 'a-new-long-password',
      password_confirmation: 'a-new-long-password',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await customer.get('/api/user')).statusCode).toBe(401);
  });
});
