import { eq } from 'drizzle-orm';
import { SHIPPING_MESSAGES as M, type StateBody } from '../../../contracts/shipping';
import { changedFields } from '../../../domain/changed-fields';
import { fieldError } from '../../../domain/errors';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockById, parentExists } from '../../platform/db/row-locks';
import { findState } from './shipping.queries';
import { countries, states } from './shipping.tables';
import { withUniqueFields } from './shipping-change';

/** POST /admin/states (id null) and PUT /admin/states/{id}: a name unique within its country. */
export async function saveState(ctx: AppContext, actor: Actor, id: number | null, input: StateBody) {
  const savedId = await withUniqueFields(() =>
    ctx.db.transaction(async (tx) => {
      const before = id === null ? null : await lockById(tx, states, id, M.stateNotFound);
      if (!(await parentExists(tx, countries, input.country_id)))
        throw fieldError('country_id', M.countryUnknown);
      const fields = { name: input.name, country_id: input.country_id, status: input.status };
      const values = {
        name: input.name,
        countryId: input.country_id,
        status: input.status,
        updatedAt: ctx.now(),
      };
      if (before === null) {
        const [created] = await tx.insert(states).values(values).returning({ id: states.id });
        await audit(tx, {
          actorUserId: actor.userId,
          action: 'state.created',
          subjectType: 'state',
          subjectId: created!.id,
          data: fields,
          ip: actor.ip,
        });
        return created!.id;
      }
      await tx.update(states).set(values).where(eq(states.id, before.id));
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'state.updated',
        subjectType: 'state',
        subjectId: before.id,
        data: changedFields(
          { name: before.name, country_id: before.countryId, status: before.status },
          fields,
        ),
        ip: actor.ip,
      });
      return before.id;
    }),
  );
  return (await findState(ctx.db, savedId))!;
}
