import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES as M } from '../../../contracts/orders';
import { createProduct, createUser } from '../../../test/factories';
import { createCarrier, createPickupPoint, orderForm, orderSettings } from '../../../test/order-fixtures';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { rolesOf } from '../../platform/auth/user-roles';

let t: TestApp;
let staff: Agent;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signedIn(['staff']);
});
afterAll(() => t.close());
beforeEach(() => orderSettings(t.ctx.db, { stock: false }));

async function newOrder(over: Record<string, unknown> = {}): Promise<number> {
  const product = await createProduct(t.ctx.db);
  const res = await staff.post(
    '/admin/orders',
    orderForm([{ product_id: product.id, quantity: 2, price: 10 }], '20.00', over),
  );
  expect(res.statusCode).toBe(201);
  return res.json().order.id;
}

describe('PATCH /admin/orders/:id/update-field', () => {
  it('user_id: copies the customer onto the order and gives the customer role', async () => {
    const id = await newOrder();
    const user = await createUser(t.ctx.db, {
      roles: ['partner'],
      firstName: 'Dee',
      lastName: 'Doc',
      phone: '777',
    });
    const res = await staff.patch(`/admin/orders/${id}/update-field`, { field: 'user_id', user_id: user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.fieldUpdated);
    expect(res.json().order).toMatchObject({
      id,
      user_id: user.id,
      customer_first_name: 'Dee',
      customer_email: user.email,
      customer_phone: '777',
    });
    expect(await rolesOf(t.ctx.db, user.id)).toContain('customer');
    const missing = await staff.patch(`/admin/orders/${id}/update-field`, {
      field: 'user_id',
      user_id: 999_999,
    });
    expect(missing.statusCode).toBe(422);
    const guest = await staff.patch(`/admin/orders/${id}/update-field`, { field: 'user_id', user_id: null });
    expect(guest.json().order.user_id).toBeNull();
  });

  it('delivery_status: reason required for failed or cancelled; delivered sets the date, leaving clears it', async () => {
    const id = await newOrder();
    const noReason = await staff.patch(`/admin/orders/${id}/update-field`, {
      field: 'delivery_status',
      delivery_status: 'failed',
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ status_reason: [M.reasonRequired] });
    const delivered = await staff.patch(`/admin/orders/${id}/update-field`, {
      field: 'delivery_status',
      delivery_status: 'delivered',
    });
    expect(delivered.json().order.delivered_date).not.toBeNull();
    const back = await staff.patch(`/admin/orders/${id}/update-field`, {
      field: 'delivery_status',
      delivery_status: 'processing',
    });
    expect(back.json().order).toMatchObject({ delivery_status: 'processing', delivered_date: null });
    expect(back.json().order.audit[0]).toMatchObject({
      action: 'order.updated',
      changes: { delivery_status: { from: 'delivered', to: 'processing' } },
    });
  });

  it("carrier_id and pickup_point_id: the point's fee becomes the shipping cost and the total follows", async () => {
    const id = await newOrder({ delivery_required: true, shipping_type: 'pickup' });
    const carrier = await createCarrier(t.ctx.db);
    const withCarrier = await staff.patch(`/admin/orders/${id}/update-field`, {
      field: 'carrier_id',
      carrier_id: carrier,
    });
    expect(withCarrier.json().order.carrier_id).toBe(carrier);
    expect(
      (await staff.patch(`/admin/orders/${id}/update-field`, { field: 'carrier_id', carrier_id: 999_999 }))
        .statusCode,
    ).toBe(422);
    const point = await createPickupPoint(t.ctx.db, '4.25');
    const res = await staff.patch(`/admin/orders/${id}/update-field`, {
      field: 'pickup_point_id',
      pickup_point_id: point,
    });
    expect(res.json().order).toMatchObject({
      pickup_point_id: point,
      shipping_cost: '4.25',
      grand_total: '24.25',
    });
  });

  it('shipping_type: pickup clears the address; a delivery type needs one and clears the pickup point', async () => {
    const point = await createPickupPoint(t.ctx.db, '2.00');
    const id = await newOrder({ delivery_required: true, delivery_address: '9 Elm Street' });
    const pickup = await staff.patch(`/admin/orders/${id}/update-field`, {
      field: 'shipping_type',
      shipping_type: 'pickup',
      pickup_point_id: point,
    });
    expect(pickup.json().order).toMatchObject({
      shipping_type: 'pickup',
      delivery_address: null,
      pickup_point_id: point,
      shipping_cost: '2.00',
    });
    const noAddress = await staff.patch(`/admin/orders/${id}/update-field`, {
      field: 'shipping_type',
      shipping_type: 'express',
    });
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json().errors).toEqual({ delivery_address: ['Delivery address is required'] });
    const express = await staff.patch(`/admin/orders/${id}/update-field`, {
      field: 'shipping_type',
      shipping_type: 'express',
      delivery_address: '1 New Road',
    });
    expect(express.json().order).toMatchObject({
      shipping_type: 'express',
      delivery_address: '1 New Road',
      pickup_point_id: null,
    });
  });

  it('an unknown field is refused, a missing order is 404', async () => {
    const id = await newOrder();
    expect(
      (await staff.patch(`/admin/orders/${id}/update-field`, { field: 'grand_total', grand_total: 1 }))
        .statusCode,
    ).toBe(422);
    expect(
      (await staff.patch('/admin/orders/999999/update-field', { field: 'carrier_id', carrier_id: null }))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST /api/orders/:id/status (quick status)', () => {
  it('changes the status and answers the new state', async () => {
    const id = await newOrder();
    const res = await staff.post(`/api/orders/${id}/status`, { delivery_status: 'ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: M.statusUpdated,
      order: { delivery_status: 'ready', status_reason: null, delivered_date: null },
    });
    const delivered = await staff.post(`/api/orders/${id}/status`, { delivery_status: 'delivered' });
    expect(delivered.json().order.delivered_date).toEqual(expect.any(String));
  });

  it('refuses the same status, a missing status, and failed/cancelled without a reason', async () => {
    const id = await newOrder();
    const same = await staff.post(`/api/orders/${id}/status`, { delivery_status: 'pending' });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual({
      delivery_status: ['Selected status is the same as current status.'],
    });
    const none = await staff.post(`/api/orders/${id}/status`, { delivery_status: '' });
    expect(none.json().errors).toEqual({ delivery_status: [M.selectStatus] });
    for (const status of ['failed', 'cancelled']) {
      const res = await staff.post(`/api/orders/${id}/status`, {
        delivery_status: status,
        status_reason: '  ',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        status_reason: [`Reason is required when marking order as ${status}`],
      });
    }
    expect((await staff.post('/api/orders/999999/status', { delivery_status: 'ready' })).statusCode).toBe(
      404,
    );
  });
});
