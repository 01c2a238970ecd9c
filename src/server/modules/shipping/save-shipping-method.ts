import { eq } from 'drizzle-orm';
import { SHIPPING_MESSAGES as M, type ShippingMethodBody } from '../../../contracts/shipping';
import { changedFields } from '../../../domain/changed-fields';
import { fromDecimal, toDecimalText } from '../../../domain/money/money';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockById } from '../../platform/db/row-locks';
import { findShippingMethod } from './shipping.queries';
import { shippingMethods } from './shipping.tables';
import { withUniqueFields } from './shipping-change';

const money = (value: number) => toDecimalText(fromDecimal(value));
const moneyOrNull = (value: number | null) => (value === null ? null : money(value));

/** POST /api/shipping-methods (id null) and PUT /api/shipping-methods/{id} (spec 2 §3, §7). */
export async function saveShippingMethod(
  ctx: AppContext,
  actor: Actor,
  id: number | null,
  input: ShippingMethodBody,
) {
  const savedId = await withUniqueFields(() =>
    ctx.db.transaction(async (tx) => {
      const before = id === null ? null : await lockById(tx, shippingMethods, id, M.methodNotFound);
      const fields = {
        name: input.name,
        description: input.description ?? null,
        price: money(input.price),
        enabled: input.enabled,
        min_order_amount: moneyOrNull(input.min_order_amount),
        max_order_amount: moneyOrNull(input.max_order_amount),
        estimated_days_min: input.estimated_days_min,
        estimated_days_max: input.estimated_days_max,
        price_per_kg: money(input.price_per_kg),
      };
      const values = {
        name: fields.name,
        description: fields.description,
        price: fields.price,
        enabled: fields.enabled,
        minOrderAmount: fields.min_order_amount,
        maxOrderAmount: fields.max_order_amount,
        estimatedDaysMin: fields.estimated_days_min,
        estimatedDaysMax: fields.estimated_days_max,
        pricePerKg: fields.price_per_kg,
        updatedAt: ctx.now(),
      };
      if (before === null) {
        const [created] = await tx
          .insert(shippingMethods)
          .values(values)
          .returning({ id: shippingMethods.id });
        await audit(tx, {
          actorUserId: actor.userId,
          action: 'shipping_method.created',
          subjectType: 'shipping_method',
          subjectId: created!.id,
          data: fields,
          ip: actor.ip,
        });
        return created!.id;
      }
      await tx.update(shippingMethods).set(values).where(eq(shippingMethods.id, before.id));
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'shipping_method.updated',
        subjectType: 'shipping_method',
        subjectId: before.id,
        data: changedFields(
          {
            name: before.name,
            description: before.description,
            price: before.price,
            enabled: before.enabled,
            min_order_amount: before.minOrderAmount,
            max_order_amount: before.maxOrderAmount,
            estimated_days_min: before.estimatedDaysMin,
            estimated_days_max: before.estimatedDaysMax,
            price_per_kg: before.pricePerKg,
          },
          fields,
        ),
        ip: actor.ip,
      });
      return before.id;
    }),
  );
  return (await findShippingMethod(ctx.db, savedId))!;
}
