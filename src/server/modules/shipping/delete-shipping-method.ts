import { eq } from 'drizzle-orm';
import { SHIPPING_MESSAGES as M } from '../../../contracts/shipping';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockById } from '../../platform/db/row-locks';
import { shippingMethods, shippingZoneRates } from './shipping.tables';

/**
 * DELETE /api/shipping-methods/{id}: the zones' rates for the method go with it (they price nothing
 * else); the audit row keeps them (docs/decisions/0024).
 */
export async function deleteShippingMethod(ctx: AppContext, actor: Actor, id: number) {
  return ctx.db.transaction(async (tx) => {
    const method = await lockById(tx, shippingMethods, id, M.methodNotFound);
    const rates = await tx
      .delete(shippingZoneRates)
      .where(eq(shippingZoneRates.methodId, id))
      .returning({ zone_id: shippingZoneRates.zoneId, rate: shippingZoneRates.rate });
    await tx.delete(shippingMethods).where(eq(shippingMethods.id, id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'shipping_method.deleted',
      subjectType: 'shipping_method',
      subjectId: id,
      data: { name: method.name, price: method.price, zone_rates: rates },
      ip: actor.ip,
    });
    return { id, name: method.name, zone_rates_removed: rates.length };
  });
}
