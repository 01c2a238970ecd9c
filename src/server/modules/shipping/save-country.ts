import { eq } from 'drizzle-orm';
import { type CountryBody, SHIPPING_MESSAGES as M } from '../../../contracts/shipping';
import { changedFields } from '../../../domain/changed-fields';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockById } from '../../platform/db/row-locks';
import { findCountry } from './shipping.queries';
import { countries } from './shipping.tables';
import { withUniqueFields } from './shipping-change';

/** POST /admin/countries (id null) and PUT /admin/countries/{id}: name and code unique. */
export async function saveCountry(ctx: AppContext, actor: Actor, id: number | null, input: CountryBody) {
  const savedId = await withUniqueFields(() =>
    ctx.db.transaction(async (tx) => {
      const before = id === null ? null : await lockById(tx, countries, id, M.countryNotFound);
      const fields = { name: input.name, code: input.code, status: input.status };
      const values = { ...fields, updatedAt: ctx.now() };
      if (before === null) {
        const [created] = await tx.insert(countries).values(values).returning({ id: countries.id });
        await audit(tx, {
          actorUserId: actor.userId,
          action: 'country.created',
          subjectType: 'country',
          subjectId: created!.id,
          data: fields,
          ip: actor.ip,
        });
        return created!.id;
      }
      await tx.update(countries).set(values).where(eq(countries.id, before.id));
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'country.updated',
        subjectType: 'country',
        subjectId: before.id,
        data: changedFields({ name: before.name, code: before.code, status: before.status }, fields),
        ip: actor.ip,
      });
      return before.id;
    }),
  );
  return (await findCountry(ctx.db, savedId))!;
}
