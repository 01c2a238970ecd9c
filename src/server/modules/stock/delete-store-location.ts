import { eq } from 'drizzle-orm';
import { STOCK_MESSAGES as M } from '../../../contracts/stock';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/http/errors';
import { unitsAtLocation } from './stock.queries';
import { storeLocations } from './stock.tables';

/**
 * DELETE /api/store-locations/{id}: only while it holds no stock, so no unit silently leaves the
 * totals' breakdown; its empty stock rows go with it, its movements keep their history.
 */
export async function deleteStoreLocation(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [location] = await tx.select().from(storeLocations).where(eq(storeLocations.id, id)).for('update');
    if (!location) throw notFound(M.locationNotFound);
    const units = await unitsAtLocation(tx, id);
    if (units > 0) throw conflict(M.locationHoldsStock(units));
    await tx.delete(storeLocations).where(eq(storeLocations.id, id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'store_location.deleted',
      subjectType: 'store_location',
      subjectId: id,
      data: { name: location.name },
      ip: actor.ip,
    });
  });
}
