import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { LAST_ROLE_MANAGER } from './keep-role-managers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the shop keeps someone who can manage roles', () => {
  it('refuses to take the last manager’s admin role, allows it while another admin exists', async () => {
    const admin = await t.signedIn(['admin']);
    const other = await createUser(t.ctx.db, { roles: ['admin'] });
    // Two admins: demoting the other one is fine.
    const demote = await admin.put(`/admin/users/${other.id}/role`, { roles: ['staff'] });
    expect(demote.statusCode).toBe(200);
    // Now the signed-in admin is the last one: removing their own admin role is refused.
    const self = await admin.put(`/admin/users/${admin.user.id}/role`, { roles: ['staff'] });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.roles).toEqual([LAST_ROLE_MANAGER]);
    expect((await admin.get('/api/user/roles')).json().roles).toEqual(['admin']);
  });

  it('refuses to suspend the last other manager when the acting one is not a manager', async () => {
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
    expect(last.statusCode).toBe(422);
    expect(last.json().errors.account_status).toEqual([LAST_ROLE_MANAGER]);
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
