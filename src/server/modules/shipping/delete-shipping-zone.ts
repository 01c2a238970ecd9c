import { eq } from 'drizzle-orm';
import { SHIPPING_MESSAGES as M } from '../../../contracts/shipping';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockById } from '../../platform/db/row-locks';
import { shippingZones } from './shipping.tables';

/** DELETE /api/shipping-zones/{id}: its countries, states and rates go with it; countries forget it. */
export async function deleteShippingZone(ctx: AppContext, actor: Actor, id: number) {
  return ctx.db.transaction(async (tx) => {
    const zone = await lockById(tx, shippingZones, id, M.zoneNotFound);
    await tx.delete(shippingZones).where(eq(shippingZones.id, id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'shipping_zone.deleted',
      subjectType: 'shipping_zone',
      subjectId: id,
      data: { name: zone.name, enabled: zone.enabled },
      ip: actor.ip,
    });
    return { id, name: zone.name };
  });
}
