import { eq } from 'drizzle-orm';
import { type CityBody, SHIPPING_MESSAGES as M } from '../../../contracts/shipping';
import { changedFields } from '../../../domain/changed-fields';
import { fieldError } from '../../../domain/errors';
import { fromDecimal, toDecimalText } from '../../../domain/money/money';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockById, parentExists } from '../../platform/db/row-locks';
import { findCity } from './shipping.queries';
import { cities, states } from './shipping.tables';
import { withUniqueFields } from './shipping-change';

/** POST /admin/cities (id null) and PUT /admin/cities/{id}: a name unique within its state; a cost of 0 or more. */
export async function saveCity(ctx: AppContext, actor: Actor, id: number | null, input: CityBody) {
  const savedId = await withUniqueFields(() =>
    ctx.db.transaction(async (tx) => {
      const before = id === null ? null : await lockById(tx, cities, id, M.cityNotFound);
      if (!(await parentExists(tx, states, input.state_id))) throw fieldError('state_id', M.stateUnknown);
      const cost = toDecimalText(fromDecimal(input.cost));
      const fields = { name: input.name, state_id: input.state_id, cost, status: input.status };
      const values = {
        name: input.name,
        stateId: input.state_id,
        cost,
        status: input.status,
        updatedAt: ctx.now(),
      };
      if (before === null) {
        const [created] = await tx.insert(cities).values(values).returning({ id: cities.id });
        await audit(tx, {
          actorUserId: actor.userId,
          action: 'city.created',
          subjectType: 'city',
          subjectId: created!.id,
          data: fields,
          ip: actor.ip,
        });
        return created!.id;
      }
      await tx.update(cities).set(values).where(eq(cities.id, before.id));
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'city.updated',
        subjectType: 'city',
        subjectId: before.id,
        data: changedFields(
          { name: before.name, state_id: before.stateId, cost: before.cost, status: before.status },
          fields,
        ),
        ip: actor.ip,
      });
      return before.id;
    }),
  );
  return (await findCity(ctx.db, savedId))!;
}
