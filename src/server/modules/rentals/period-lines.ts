import { and, eq } from 'drizzle-orm';
import type { PeriodItemBody, PeriodServiceBody, PeriodServiceType } from '../../../contracts/rental-periods';
import { fromDecimal, toDecimalText } from '../../../domain/money/money';
import { periodDays } from '../../../domain/rentals/rental-periods';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import { settlePeriodPaidState } from './period-paid-state';
import { periodItemOfProduct, repricedLines } from './period-pricing';
import { itemsOfPeriod, lockPeriodOr404, type PeriodRow, servicesOfPeriod } from './periods.queries';
import { assertUnitsFit, lockRentalProducts } from './rental-availability';
import { rentalPeriodItems, rentalPeriodServices, rentalPeriods } from './rentals.tables';

/**
 * The items and services of a period (spec 3 §7): each write holds the period's row lock and
 * settles its paid state after, since what it costs changed (a paid period with a new item is no
 * longer paid).
 */
async function onLockedPeriod<T>(
  ctx: AppContext,
  periodId: number,
  work: (tx: Tx, period: PeriodRow, now: Date) => Promise<T>,
): Promise<T> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const period = await lockPeriodOr404(tx, periodId);
    const result = await work(tx, period, now);
    await settlePeriodPaidState(tx, period, now);
    await tx.update(rentalPeriods).set({ updatedAt: now }).where(eq(rentalPeriods.id, period.id));
    return result;
  });
}

/** A source period for copying: it must be another period of the same booking. */
async function sourcePeriodOf(tx: Tx, target: PeriodRow, sourceId: number): Promise<PeriodRow> {
  const [source] = await tx
    .select()
    .from(rentalPeriods)
    .where(and(eq(rentalPeriods.id, sourceId), eq(rentalPeriods.bookingId, target.bookingId)))
    .limit(1);
  if (!source || source.id === target.id) throw notFound();
  return source;
}

/** POST /admin/api/rental-periods/{id}/items: priced from the product's rental price for the period's days. */
export async function addPeriodItem(ctx: AppContext, actor: Actor, periodId: number, body: PeriodItemBody) {
  return onLockedPeriod(ctx, periodId, async (tx, period, now) => {
    await lockRentalProducts(tx, [body.product_id]);
    const values = await periodItemOfProduct(
      tx,
      { productId: body.product_id, variantId: body.variant_id, quantity: body.quantity },
      periodDays(period.startDate, period.endDate),
    );
    const [item] = await tx
      .insert(rentalPeriodItems)
      .values({ ...values, periodId: period.id, createdAt: now })
      .returning();
    await assertUnitsFit(
      tx,
      [
        {
          productId: item!.productId,
          variantId: item!.productStockId,
          name: item!.productName,
          added: item!.quantity,
        },
      ],
      { start: period.startDate, end: period.endDate },
      'quantity',
    );
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'rental_period.item_added',
      subjectType: 'rental_period',
      subjectId: period.id,
      data: {
        item_id: item!.id,
        product_id: item!.productId,
        quantity: item!.quantity,
        amount: item!.amount,
      },
      ip: actor.ip,
    });
    return item!;
  });
}

/** POST …/copy-items: the source period's items, repriced for this period's days. */
export async function copyPeriodItems(ctx: AppContext, actor: Actor, periodId: number, sourceId: number) {
  return onLockedPeriod(ctx, periodId, async (tx, period, now) => {
    const source = await sourcePeriodOf(tx, period, sourceId);
    const sourceItems = await itemsOfPeriod(tx, source.id);
    await lockRentalProducts(
      tx,
      sourceItems.map((i) => i.productId),
    );
    const lines = await repricedLines(tx, sourceItems, periodDays(period.startDate, period.endDate));
    if (lines.length > 0)
      await tx
        .insert(rentalPeriodItems)
        .values(lines.map((l) => ({ ...l, periodId: period.id, createdAt: now })));
    await assertUnitsFit(
      tx,
      lines.map((l) => ({
        productId: l.productId,
        variantId: l.productStockId ?? null,
        name: l.productName,
      })),
      { start: period.startDate, end: period.endDate },
      'source_period_id',
    );
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'rental_period.items_copied',
      subjectType: 'rental_period',
      subjectId: period.id,
      data: { source_period_id: source.id, count: lines.length },
      ip: actor.ip,
    });
    return lines.length;
  });
}

/** DELETE /admin/api/rental-periods/items/{id}. */
export async function deletePeriodItem(ctx: AppContext, actor: Actor, itemId: number) {
  const [found] = await ctx.db
    .select({ periodId: rentalPeriodItems.periodId })
    .from(rentalPeriodItems)
    .where(eq(rentalPeriodItems.id, itemId));
  if (!found) throw notFound();
  return onLockedPeriod(ctx, found.periodId, async (tx, period) => {
    const [deleted] = await tx
      .delete(rentalPeriodItems)
      .where(and(eq(rentalPeriodItems.id, itemId), eq(rentalPeriodItems.periodId, period.id)))
      .returning();
    if (!deleted) throw notFound();
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'rental_period.item_deleted',
      subjectType: 'rental_period',
      subjectId: period.id,
      data: { item_id: deleted.id, product_name: deleted.productName, amount: deleted.amount },
      ip: actor.ip,
    });
    return period.id;
  });
}

/** POST …/services (spec 3 §3 Period service). */
export async function addPeriodService(
  ctx: AppContext,
  actor: Actor,
  periodId: number,
  body: PeriodServiceBody,
) {
  return onLockedPeriod(ctx, periodId, async (tx, period, now) => {
    const [service] = await tx
      .insert(rentalPeriodServices)
      .values({
        periodId: period.id,
        serviceName: body.service_name,
        serviceType: body.service_type,
        amount: toDecimalText(fromDecimal(body.amount)),
        description: body.description ?? null,
        createdAt: now,
      })
      .returning();
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'rental_period.service_added',
      subjectType: 'rental_period',
      subjectId: period.id,
      data: { service_id: service!.id, name: service!.serviceName, amount: service!.amount },
      ip: actor.ip,
    });
    return service!;
  });
}

/** POST …/copy-services: the source period's services, or only those of one type. */
export async function copyPeriodServices(
  ctx: AppContext,
  actor: Actor,
  periodId: number,
  sourceId: number,
  serviceType: PeriodServiceType | undefined,
) {
  return onLockedPeriod(ctx, periodId, async (tx, period, now) => {
    const source = await sourcePeriodOf(tx, period, sourceId);
    const services = (await servicesOfPeriod(tx, source.id)).filter(
      (s) => serviceType === undefined || s.serviceType === serviceType,
    );
    if (services.length > 0)
      await tx.insert(rentalPeriodServices).values(
        services.map((s) => ({
          periodId: period.id,
          serviceName: s.serviceName,
          serviceType: s.serviceType,
          amount: s.amount,
          description: s.description,
          createdAt: now,
        })),
      );
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'rental_period.services_copied',
      subjectType: 'rental_period',
      subjectId: period.id,
      data: { source_period_id: source.id, service_type: serviceType ?? 'all', count: services.length },
      ip: actor.ip,
    });
    return services.length;
  });
}

/** DELETE /admin/api/rental-periods/services/{id}. */
export async function deletePeriodService(ctx: AppContext, actor: Actor, serviceId: number) {
  const [found] = await ctx.db
    .select({ periodId: rentalPeriodServices.periodId })
    .from(rentalPeriodServices)
    .where(eq(rentalPeriodServices.id, serviceId));
  if (!found) throw notFound();
  return onLockedPeriod(ctx, found.periodId, async (tx, period) => {
    const [deleted] = await tx
      .delete(rentalPeriodServices)
      .where(and(eq(rentalPeriodServices.id, serviceId), eq(rentalPeriodServices.periodId, period.id)))
      .returning();
    if (!deleted) throw notFound();
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'rental_period.service_deleted',
      subjectType: 'rental_period',
      subjectId: period.id,
      data: { service_id: deleted.id, name: deleted.serviceName, amount: deleted.amount },
      ip: actor.ip,
    });
    return period.id;
  });
}
