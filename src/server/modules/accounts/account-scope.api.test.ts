import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SCOPE_MESSAGES as M } from '../../../domain/access/account-scope';
import { createProduct, createRole, createUser } from '../../../test/factories';
import { orderForm } from '../../../test/order-fixtures';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { permissions, roles, users } from '../../platform/auth/auth.tables';
import { rolesOf } from '../../platform/auth/user-roles';
import { orders } from '../orders/orders.tables';

/**
 * The account-scope policy (docs/decisions/0035) on every route that acts on another account:
 * the order form's customer routes, user management, role grants, account status and Roles &
 * permissions. Each refusal is a 403 that changes nothing.
 */
let t: TestApp;
let admin: Agent & { user: { id: number; email: string } };
let staff: Agent & { user: { id: number; email: string } };
/** Holds users.manage and nothing else. */
let userDesk: Agent & { user: { id: number; email: string } };
/** Holds roles.manage and orders.view. */
let roleDesk: Agent & { user: { id: number; email: string } };

beforeAll(async () => {
  t = await createTestApp();
  await createRole(t.ctx.db, 'user-desk', ['users.manage']);
  await createRole(t.ctx.db, 'role-desk', ['roles.manage', 'orders.view']);
  await createRole(t.ctx.db, 'wholesale');
  await createRole(t.ctx.db, 'night-shift', ['orders.view']);
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
  userDesk = await t.signedIn(['user-desk']);
  roleDesk = await t.signedIn(['role-desk']);
});
afterAll(() => t.close());

const userRow = async (id: number) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

const customerBody = (email: string) => ({
  user_type: 'individual',
  first_name: 'Mallory',
  last_name: 'Taker',
  email,
  address: '1 Anywhere',
});

describe('the order form’s customer routes act only on customer accounts (staff took over an admin)', () => {
  const backOffice: [string, string[]][] = [
    ['an admin', ['admin']],
    ['an admin who is also a customer', ['admin', 'customer']],
    ['staff', ['staff']],
    ['a supplier', ['supplier']],
    ['a doctor', ['doctor', 'customer']],
    ['a role holding a permission', ['night-shift', 'customer']],
  ];

  it.each(backOffice)('staff cannot change the profile of %s: 403, nothing changes', async (_, held) => {
    const target = await createUser(t.ctx.db, {
      roles: held,
      userType: held.includes('supplier') ? 'company' : 'individual',
      companyName: held.includes('supplier') ? 'Supply Co' : null,
    });
    const before = await userRow(target.id);
    const response = await staff.put(`/api/customers/${target.id}/profile`, customerBody(staff.user.email));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(M.notCustomer);
    expect(await userRow(target.id)).toEqual(before);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(target.id)));
    expect(audits).toEqual([]);
  });

  it.each(backOffice)('staff cannot make %s a customer: 403, roles unchanged', async (_, held) => {
    const target = await createUser(t.ctx.db, { roles: held });
    const response = await staff.post(`/api/users/${target.id}/ensure-customer-role`);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(M.notCustomer);
    expect(await rolesOf(t.ctx.db, target.id)).toEqual([...held].sort());
  });

  it.each(backOffice)(
    'staff cannot choose %s as an order’s customer: 403, no order, roles unchanged',
    async (_, held) => {
      const target = await createUser(t.ctx.db, { roles: held });
      const product = await createProduct(t.ctx.db, { price: '10.00', stockQuantity: 10 });
      const items = [{ product_id: product.id, quantity: 1, price: 10 }];
      const created = await staff.post('/admin/orders', orderForm(items, '10.00', { user_id: target.id }));
      expect(created.statusCode).toBe(403);
      expect(created.json().message).toBe(M.notCustomer);
      expect(await t.ctx.db.select().from(orders).where(eq(orders.userId, target.id))).toEqual([]);

      const own = await staff.post('/admin/orders', orderForm(items, '10.00'));
      expect(own.statusCode, own.body).toBe(201);
      const id = own.json().order.id as number;
      const field = await staff.patch(`/admin/orders/${id}/update-field`, {
        field: 'user_id',
        user_id: target.id,
      });
      expect(field.statusCode).toBe(403);
      const edited = await staff.put(
        `/admin/orders/${id}`,
        orderForm(items, '10.00', { user_id: target.id }),
      );
      expect(edited.statusCode).toBe(403);
      expect((await t.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!.userId).toBeNull();
      expect(await rolesOf(t.ctx.db, target.id)).toEqual([...held].sort());
    },
  );

  it('the order form offers customer accounts only', async () => {
    const both = await createUser(t.ctx.db, { roles: ['staff', 'customer'] });
    const customer = await createUser(t.ctx.db, { roles: ['customer'] });
    const reference = (await staff.get('/api/orders/form/reference-data')).json();
    const offered = (reference.data?.users ?? reference.users) as { id: number }[];
    expect(offered.map((u) => u.id)).toContain(customer.id);
    expect(offered.map((u) => u.id)).not.toContain(both.id);
  });

  it('the takeover of the review no longer works: the admin keeps their e-mail', async () => {
    const victim = await t.signedIn(['admin']);
    const response = await staff.put(`/api/customers/${victim.user.id}/profile`, {
      ...customerBody('staff-owns-this@example.test'),
    });
    expect(response.statusCode).toBe(403);
    expect((await userRow(victim.user.id)).email).toBe(victim.user.email);
    // The admin still signs in with their own address.
    expect((await victim.get('/api/user')).json().data.email).toBe(victim.user.email);
  });

  it.each([
    ['a customer', ['customer']],
    ['a partner', ['partner', 'customer']],
    ['a patient', ['patient']],
    ['a price group the shop added', ['wholesale']],
  ])('staff may change %s', async (_, held) => {
    const target = await createUser(t.ctx.db, {
      roles: held,
      userType: held.includes('partner') ? 'company' : 'individual',
      companyName: held.includes('partner') ? 'Partner Co' : null,
    });
    const body = held.includes('partner')
      ? { user_type: 'company', company_name: 'Partner Co', email: target.email }
      : customerBody(target.email);
    const response = await staff.put(`/api/customers/${target.id}/profile`, body);
    expect(response.statusCode, response.body).toBe(200);
    const ensured = await staff.post(`/api/users/${target.id}/ensure-customer-role`);
    expect(ensured.statusCode).toBe(200);
    expect(ensured.json().data.roles).toContain('customer');
  });

  it('does not offer back-office accounts in the customer search', async () => {
    const word = `scope${Date.now().toString(36)}`;
    for (const held of [
      ['admin'],
      ['staff'],
      ['supplier'],
      ['doctor'],
      ['customer'],
      ['patient'],
      ['wholesale'],
      ['customer', 'staff'],
      ['customer', 'wholesale'],
      [],
    ]) {
      await createUser(t.ctx.db, { roles: held, firstName: word, lastName: held.join('-') || 'none' });
    }
    const found = (await staff.get(`/api/customers?search=${word}`)).json().data as { last_name: string }[];
    expect(found.map((c) => c.last_name).sort()).toEqual([
      'customer',
      'customer-wholesale',
      'patient',
      'wholesale',
    ]);
  });

  it('answers 404 for a missing account', async () => {
    expect(
      (await staff.put('/api/customers/999999/profile', customerBody('x@example.test'))).statusCode,
    ).toBe(404);
    expect((await staff.post('/api/users/999999/ensure-customer-role')).statusCode).toBe(404);
  });
});

describe('user management stays below the actor (a user manager who is not an admin)', () => {
  const profile = async (id: number) => (await admin.get(`/api/users/${id}`)).json().data;

  it('cannot edit, suspend or re-role an admin', async () => {
    const target = await createUser(t.ctx.db, { roles: ['admin'] });
    const before = await userRow(target.id);
    const edit = await userDesk.put(`/admin/users/${target.id}`, {
      ...(await profile(target.id)),
      email: 'desk-owns-this@example.test',
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(M.adminOnly);
    const status = await userDesk.put(`/admin/users/${target.id}/account-status`, {
      account_status: 'suspended',
      status_reason: 'takeover',
    });
    expect(status.statusCode).toBe(403);
    const role = await userDesk.put(`/admin/users/${target.id}/role`, { roles: ['customer'] });
    expect(role.statusCode).toBe(403);
    expect(await userRow(target.id)).toEqual(before);
    expect(await rolesOf(t.ctx.db, target.id)).toEqual(['admin']);
  });

  it('cannot edit an account holding permissions it lacks (staff)', async () => {
    const target = await createUser(t.ctx.db, { roles: ['staff'] });
    const response = await userDesk.put(`/admin/users/${target.id}/account-status`, {
      account_status: 'closed',
      status_reason: 'x',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(M.aboveActor);
    expect((await userRow(target.id)).accountStatus).toBe('active');
  });

  it('may edit and suspend a customer, and give customer-side roles', async () => {
    const target = await createUser(t.ctx.db, { roles: ['customer'] });
    const edit = await userDesk.put(`/admin/users/${target.id}`, {
      ...(await profile(target.id)),
      notes: 'Called',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const role = await userDesk.put(`/admin/users/${target.id}/role`, { roles: ['customer', 'patient'] });
    expect(role.statusCode).toBe(200);
    const status = await userDesk.put(`/admin/users/${target.id}/account-status`, {
      account_status: 'suspended',
      status_reason: 'Unpaid',
    });
    expect(status.statusCode).toBe(200);
  });

  it.each([
    ['admin', M.grantAdmin],
    ['staff', M.grantRole('staff')],
    ['role-desk', M.grantRole('role-desk')],
  ])('cannot give the %s role to anyone: 403 on create, edit and role change', async (role, message) => {
    const target = await createUser(t.ctx.db, { roles: ['customer'] });
    const viaRole = await userDesk.put(`/admin/users/${target.id}/role`, { roles: ['customer', role] });
    expect(viaRole.statusCode).toBe(403);
    expect(viaRole.json().message).toBe(message);
    const viaEdit = await userDesk.put(`/admin/users/${target.id}`, {
      ...(await profile(target.id)),
      roles: [role],
    });
    expect(viaEdit.statusCode).toBe(403);
    expect(await rolesOf(t.ctx.db, target.id)).toEqual(['customer']);
    const email = `granted-${role}-${Date.now()}@example.test`;
    const created = await userDesk.post('/admin/users', {
      user_type: 'individual',
      first_name: 'New',
      last_name: 'User',
      email,
      roles: [role],
      password: 'a-long-password',
      password_confirmation: 'a-long-password',
      address_type: 'delivery',
    });
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe(message);
    expect(await t.ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('nobody changes their own roles, the user manager nor an admin', async () => {
    const self = await userDesk.put(`/admin/users/${userDesk.user.id}/role`, {
      roles: ['user-desk', 'admin'],
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(M.ownRoles);
    const viaEdit = await userDesk.put(`/admin/users/${userDesk.user.id}`, {
      ...(await profile(userDesk.user.id)),
      roles: ['admin'],
    });
    expect(viaEdit.statusCode).toBe(403);
    expect(await rolesOf(t.ctx.db, userDesk.user.id)).toEqual(['user-desk']);
    const adminSelf = await admin.put(`/admin/users/${admin.user.id}/role`, { roles: ['admin', 'customer'] });
    expect(adminSelf.statusCode).toBe(403);
    // Saving one's own profile with the roles unchanged is fine.
    const same = await userDesk.put(`/admin/users/${userDesk.user.id}`, {
      ...(await profile(userDesk.user.id)),
      notes: 'Own note',
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('an admin may give any role, the admin role included, and act on other admins', async () => {
    const target = await createUser(t.ctx.db, { roles: ['customer'] });
    const role = await admin.put(`/admin/users/${target.id}/role`, { roles: ['admin'] });
    expect(role.statusCode).toBe(200);
    const status = await admin.put(`/admin/users/${target.id}/account-status`, {
      account_status: 'suspended',
      status_reason: 'Left',
    });
    expect(status.statusCode).toBe(200);
  });
});

describe('Roles & permissions: nobody gives what they do not hold', () => {
  const ids = async (roleName: string, permissionName: string) => {
    const [role] = await t.ctx.db.select().from(roles).where(eq(roles.name, roleName));
    const [permission] = await t.ctx.db
      .select()
      .from(permissions)
      .where(eq(permissions.name, permissionName));
    return { roleId: role!.id, permissionId: permission!.id };
  };
  const held = async (roleName: string) => {
    const { roleId } = await ids(roleName, 'orders.view');
    const body = (await admin.get(`/api/roles/${roleId}/permissions`)).json();
    return (body.permissions as { name: string }[]).map((p) => p.name).sort();
  };

  it('a role manager cannot give their own role a permission they lack', async () => {
    const { roleId, permissionId } = await ids('role-desk', 'users.manage');
    const before = await held('role-desk');
    const response = await roleDesk.post(`/admin/roles/${roleId}/permissions`, {
      permission_id: permissionId,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(M.grantPermission('users.manage'));
    expect(before).toEqual(['orders.view', 'roles.manage']);
    expect(await held('role-desk')).toEqual(before);
  });

  it('a role manager cannot change the admin role', async () => {
    const { roleId, permissionId } = await ids('admin', 'orders.view');
    const response = await roleDesk.delete(`/admin/roles/${roleId}/permissions/${permissionId}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(M.adminRoleOnly);
    expect(await held('admin')).toContain('orders.view');
  });

  it('a role manager may give a permission they hold to another role', async () => {
    const { roleId, permissionId } = await ids('wholesale', 'orders.view');
    const response = await roleDesk.post(`/admin/roles/${roleId}/permissions`, {
      permission_id: permissionId,
    });
    expect(response.statusCode).toBe(200);
    expect(await held('wholesale')).toEqual(['orders.view']);
    const revoked = await roleDesk.delete(`/admin/roles/${roleId}/permissions/${permissionId}`);
    expect(revoked.statusCode).toBe(200);
  });
});
