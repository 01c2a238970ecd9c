import { eq } from 'drizzle-orm';
import { PICKUP_POINT_MESSAGES as M, type PickupPointBody } from '../../../contracts/shop-setup';
import { fromDecimal, toDecimalText } from '../../../domain/money/money';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { pickupPoints } from './shop-setup.tables';

/** POST /api/pickup-points (id null) and PUT /api/pickup-points/{id} (spec 2 §3, §7). */
export async function savePickupPoint(
  ctx: AppContext,
  actor: Actor,
  id: number | null,
  input: PickupPointBody,
) {
  return ctx.db.transaction(async (tx) => {
    const values = {
      name: input.name,
      address: input.address,
      phone: input.phone ?? null,
      email: input.email ?? null,
      operatingHours: input.operating_hours ?? null,
      serviceFee: toDecimalText(fromDecimal(input.service_fee)),
      status: input.status,
      updatedAt: ctx.now(),
    };
    const [saved] =
      id === null
        ? await tx.insert(pickupPoints).values(values).returning()
        : await tx.update(pickupPoints).set(values).where(eq(pickupPoints.id, id)).returning();
    if (!saved) throw notFound(M.notFound);
    await audit(tx, {
      actorUserId: actor.userId,
      action: id === null ? 'pickup_point.created' : 'pickup_point.updated',
      subjectType: 'pickup_point',
      subjectId: saved.id,
      data: { name: saved.name, address: saved.address, service_fee: saved.serviceFee, status: saved.status },
      ip: actor.ip,
    });
    return saved;
  });
}
