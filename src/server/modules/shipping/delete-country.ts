import { eq, sql } from 'drizzle-orm';
import { SHIPPING_MESSAGES as M } from '../../../contracts/shipping';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockById } from '../../platform/db/row-locks';
import { conflict } from '../../platform/http/errors';
import { countries, states } from './shipping.tables';

/**
 * DELETE /admin/countries/{id}: refused (409) while the country has states, so a slip of the mouse
 * cannot wipe its states and cities; it leaves the zones that listed it (docs/decisions/0024).
 */
export async function deleteCountry(ctx: AppContext, actor: Actor, id: number) {
  return ctx.db.transaction(async (tx) => {
    const country = await lockById(tx, countries, id, M.countryNotFound);
    const [usage] = await tx
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(states)
      .where(eq(states.countryId, id));
    if ((usage?.n ?? 0) > 0) throw conflict(M.countryHasStates(usage!.n));
    await tx.delete(countries).where(eq(countries.id, id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'country.deleted',
      subjectType: 'country',
      subjectId: id,
      data: { name: country.name, code: country.code, status: country.status },
      ip: actor.ip,
    });
    return { id, name: country.name };
  });
}
