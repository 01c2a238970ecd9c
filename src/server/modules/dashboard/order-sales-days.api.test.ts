import { count, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DateRange } from '../../../domain/dashboard/dashboard-range';
import type { IsoDate } from '../../../domain/dates/date-format';
import { fromDecimal } from '../../../domain/money/money';
import { freshDatabase } from '../../../test/test-database';
import type { Database } from '../../platform/db/database';
import { getSetting, removeSettings, setSettings } from '../../platform/settings/settings-store';
import { orderPayments, orders } from '../orders/orders.tables';
import { liveSalesTotals, paymentTypeTotals, type SalesTotals, salesTotals } from './dashboard.queries';
import { orderSalesDays } from './dashboard.tables';
import { salesDaysZone } from './order-sales-days';

/**
 * The dashboard's kept sales and payment days (migrations 0032, 0033, docs/decisions/0080) against
 * the orders and payments themselves: whatever happens to them (orders created, paid, cancelled,
 * refunded, moved to another day, deleted softly or for good; payments added, changed, dropped),
 * the kept days add up to what counting the rows gives.
 */
let database: Database;
const RANGE = { from: '2026-01-01' as IsoDate, to: '2026-12-31' as IsoDate } satisfies DateRange;
const PAYMENT = ['unpaid', 'credit', 'paid', 'partial', 'refunded'] as const;
const DELIVERY = ['pending', 'delivered', 'failed', 'cancelled'] as const;
let codes = 0;

beforeAll(async () => {
  database = await freshDatabase(inject('templatePath'));
});
afterAll(() => database?.close());

/** The statuses and days in a fixed order and amounts in cents ("0" and "0.00" alike), to compare whole. */
const sorted = (totals: SalesTotals) => ({
  statuses: [...totals.statuses]
    .sort((a, b) => a.status.localeCompare(b.status))
    .map((s) => ({
      ...s,
      amount: fromDecimal(s.amount),
      paid: fromDecimal(s.paid),
      unpaid: fromDecimal(s.unpaid),
    })),
  daily: totals.daily.map((d) => ({ ...d, amount: fromDecimal(d.amount) })),
});

/** The payment figures counted from the payments themselves: completed, of live orders, in the range. */
async function livePayments() {
  const rows = await database.db
    .select({
      paymentType: orderPayments.paymentType,
      count: count(),
      amount: sql<string>`sum(${orderPayments.amount})::text`,
    })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(
      sql`${orderPayments.status} = 'completed' and ${orders.deletedAt} is null
        and ${orderPayments.paymentDate} between ${RANGE.from} and ${RANGE.to}`,
    )
    .groupBy(orderPayments.paymentType);
  return rows
    .map((r) => ({ ...r, amount: fromDecimal(r.amount) }))
    .sort((a, b) => b.amount - a.amount || a.paymentType.localeCompare(b.paymentType));
}

async function expectKeptEqualsLive(zone: string) {
  expect(await salesDaysZone(database.db)).toBe(zone);
  const kept = await salesTotals(database.db, RANGE, zone);
  const live = await liveSalesTotals(database.db, RANGE, zone);
  expect(sorted(kept)).toEqual(sorted(live));
  const payments = (await paymentTypeTotals(database.db, RANGE)).map((r) => ({
    ...r,
    amount: fromDecimal(r.amount),
  }));
  expect(payments).toEqual(await livePayments());
}

// Order fields that the dashboard counts, as fast-check draws them.
const cents = fc.integer({ min: 0, max: 500_000 }).map((c) => (c / 100).toFixed(2));
const instant = fc
  .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 31, 23, 59) })
  .map((ms) => new Date(ms));
const orderFields = fc.record({
  createdAt: instant,
  paymentStatus: fc.constantFrom(...PAYMENT),
  deliveryStatus: fc.constantFrom(...DELIVERY),
  grandTotal: cents,
  amountPaid: cents,
});
type OrderFields = typeof orderFields extends fc.Arbitrary<infer T> ? T : never;
const paymentFields = fc.record({
  status: fc.constantFrom('completed', 'pending', 'failed', 'refunded'),
  amount: fc.integer({ min: 1, max: 100_000 }).map((c) => (c / 100).toFixed(2)),
  paymentType: fc.constantFrom('card', 'cod', 'bank_transfer'),
  paymentDate: fc
    .integer({ min: 0, max: 364 })
    .map((d) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10)),
});
type PaymentFields = typeof paymentFields extends fc.Arbitrary<infer T> ? T : never;
type Step =
  | { kind: 'pay'; pick: number; fields: PaymentFields }
  | { kind: 'change-payment' | 'drop-payment'; pick: number; fields: Partial<PaymentFields> }
  | { kind: 'create'; fields: OrderFields }
  | { kind: 'change'; pick: number; fields: Partial<OrderFields> }
  | { kind: 'soft-delete' | 'restore' | 'delete'; pick: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), fields: orderFields }),
  fc.record({
    kind: fc.constant('change' as const),
    pick: fc.nat(),
    fields: fc.record(
      {
        createdAt: instant,
        paymentStatus: fc.constantFrom(...PAYMENT),
        deliveryStatus: fc.constantFrom(...DELIVERY),
        grandTotal: cents,
        amountPaid: cents,
      },
      { requiredKeys: [] },
    ),
  }),
  fc.record({
    kind: fc.constantFrom('soft-delete' as const, 'restore' as const, 'delete' as const),
    pick: fc.nat(),
  }),
  fc.record({ kind: fc.constant('pay' as const), pick: fc.nat(), fields: paymentFields }),
  fc.record({
    kind: fc.constantFrom('change-payment' as const, 'drop-payment' as const),
    pick: fc.nat(),
    fields: fc.record(
      {
        status: fc.constantFrom('completed', 'pending', 'failed', 'refunded'),
        amount: fc.integer({ min: 1, max: 100_000 }).map((c) => (c / 100).toFixed(2)),
        paymentType: fc.constantFrom('card', 'cod', 'bank_transfer'),
      },
      { requiredKeys: [] },
    ),
  }),
);

async function apply(steps: Step[]) {
  const ids = (await database.db.select({ id: orders.id }).from(orders)).map((r) => r.id);
  // A transaction per run, as the app's use cases write: the trigger fires at its commit.
  await database.db.transaction(async (tx) => {
    for (const s of steps) {
      if (s.kind === 'create') {
        codes += 1;
        const [row] = await tx
          .insert(orders)
          .values({ orderCode: `SALES-${codes}`, currencyCode: 'MUR', currencySymbol: 'Rs ', ...s.fields })
          .returning({ id: orders.id });
        ids.push(row!.id);
        continue;
      }
      if (s.kind === 'change-payment' || s.kind === 'drop-payment') {
        const paid = await tx.select({ id: orderPayments.id }).from(orderPayments);
        if (paid.length === 0) continue;
        const paymentId = paid[s.pick % paid.length]!.id;
        if (s.kind === 'drop-payment') await tx.delete(orderPayments).where(eq(orderPayments.id, paymentId));
        // A change that draws no field changes nothing (drizzle refuses an empty update).
        else if (Object.keys(s.fields).length > 0)
          await tx.update(orderPayments).set(s.fields).where(eq(orderPayments.id, paymentId));
        continue;
      }
      if (ids.length === 0) continue;
      const id = ids[s.pick % ids.length]!;
      if (s.kind === 'pay') await tx.insert(orderPayments).values({ orderId: id, ...s.fields });
      if (s.kind === 'change' && Object.keys(s.fields).length > 0)
        await tx.update(orders).set(s.fields).where(eq(orders.id, id));
      if (s.kind === 'soft-delete')
        await tx.update(orders).set({ deletedAt: new Date() }).where(eq(orders.id, id));
      if (s.kind === 'restore') await tx.update(orders).set({ deletedAt: null }).where(eq(orders.id, id));
      if (s.kind === 'delete') {
        await tx.delete(orders).where(eq(orders.id, id));
        ids.splice(ids.indexOf(id), 1);
      }
    }
  });
}

describe('the kept sales days', () => {
  it('are built in the shop’s time zone when the database is prepared', async () => {
    expect(await salesDaysZone(database.db)).toBe(await getSetting(database.db, 'app_timezone'));
  });

  it('add up to the orders after any run of changes, in one transaction or several', async () => {
    const zone = await getSetting(database.db, 'app_timezone');
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        await apply(steps);
        await expectKeptEqualsLive(zone);
      }),
      { numRuns: 40 },
    );
  });

  it('follow the shop’s time zone when it is stored or reset, in the same transaction', async () => {
    const zone = await getSetting(database.db, 'app_timezone');
    await database.db.transaction(async (tx) => setSettings(tx, { app_timezone: 'America/New_York' }));
    await expectKeptEqualsLive('America/New_York');
    // Still kept in the new zone as orders change.
    await apply([
      {
        kind: 'create',
        fields: {
          createdAt: new Date('2026-06-01T02:00:00Z'),
          paymentStatus: 'paid',
          deliveryStatus: 'delivered',
          grandTotal: '12.34',
          amountPaid: '12.34',
        },
      },
    ]);
    await expectKeptEqualsLive('America/New_York');
    await database.db.transaction(async (tx) => removeSettings(tx, ['app_timezone']));
    await expectKeptEqualsLive(zone);
  });

  it('are read only while they are in the zone asked for; otherwise the orders are counted', async () => {
    const zone = await getSetting(database.db, 'app_timezone');
    // A zone PostgreSQL does not know keeps nothing, and the dashboard still answers from the orders.
    await database.db.execute(sql`select order_sales_days_rebuild('Nowhere/Atlantis')`);
    expect(await salesDaysZone(database.db)).toBeNull();
    const [kept] = await database.db.select({ n: count() }).from(orderSalesDays);
    expect(kept?.n).toBe(0);
    const live = await liveSalesTotals(database.db, RANGE, zone);
    expect(live.daily.length).toBeGreaterThan(0);
    expect(sorted(await salesTotals(database.db, RANGE, zone))).toEqual(sorted(live));
    await database.db.execute(sql`select order_sales_days_rebuild(${zone})`);
    await expectKeptEqualsLive(zone);
  });
});
