import { eq } from 'drizzle-orm';
import { SHIPPING_MESSAGES as M } from '../../../contracts/shipping';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockById } from '../../platform/db/row-locks';
import { cities } from './shipping.tables';

/** DELETE /admin/cities/{id}. */
export async function deleteCity(ctx: AppContext, actor: Actor, id: number) {
  return ctx.db.transaction(async (tx) => {
    const city = await lockById(tx, cities, id, M.cityNotFound);
    await tx.delete(cities).where(eq(cities.id, id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'city.deleted',
      subjectType: 'city',
      subjectId: id,
      data: { name: city.name, state_id: city.stateId, cost: city.cost, status: city.status },
      ip: actor.ip,
    });
    return { id, name: city.name };
  });
}
