import { eq } from 'drizzle-orm';
import { PICKUP_POINT_MESSAGES as M } from '../../../contracts/shop-setup';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { pickupPoints } from './shop-setup.tables';

/**
 * DELETE /api/pickup-points/{id}. Orders and bookings that will point at it (spec 1 §3) keep
 * their own copy of the fee; when they exist, their foreign keys decide (docs/decisions/0023).
 */
export async function deletePickupPoint(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(pickupPoints).where(eq(pickupPoints.id, id)).returning();
    if (!deleted) throw notFound(M.notFound);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'pickup_point.deleted',
      subjectType: 'pickup_point',
      subjectId: id,
      data: { name: deleted.name, address: deleted.address },
      ip: actor.ip,
    });
  });
}
