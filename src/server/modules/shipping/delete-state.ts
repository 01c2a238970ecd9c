import { eq, sql } from 'drizzle-orm';
import { SHIPPING_MESSAGES as M } from '../../../contracts/shipping';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockById } from '../../platform/db/row-locks';
import { conflict } from '../../platform/http/errors';
import { cities, states } from './shipping.tables';

/** DELETE /admin/states/{id}: refused (409) while the state has cities (docs/decisions/0024). */
export async function deleteState(ctx: AppContext, actor: Actor, id: number) {
  return ctx.db.transaction(async (tx) => {
    const state = await lockById(tx, states, id, M.stateNotFound);
    const [usage] = await tx
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(cities)
      .where(eq(cities.stateId, id));
    if ((usage?.n ?? 0) > 0) throw conflict(M.stateHasCities(usage!.n));
    await tx.delete(states).where(eq(states.id, id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'state.deleted',
      subjectType: 'state',
      subjectId: id,
      data: { name: state.name, country_id: state.countryId, status: state.status },
      ip: actor.ip,
    });
    return { id, name: state.name };
  });
}
