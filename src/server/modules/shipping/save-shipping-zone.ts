import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { SHIPPING_MESSAGES as M, type ShippingZoneBody } from '../../../contracts/shipping';
import { addFieldError, type FieldErrors, validationError } from '../../../domain/errors';
import { fromDecimal, toDecimalText } from '../../../domain/money/money';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { lockById } from '../../platform/db/row-locks';
import { findZone } from './shipping.queries';
import {
  countries,
  shippingMethods,
  shippingZoneCountries,
  shippingZoneRates,
  shippingZoneStates,
  shippingZones,
  states,
} from './shipping.tables';

/** Ids of `ids` that are missing from `table` (locked key-share while the zone is saved). */
async function missingIds(
  tx: Tx,
  table: typeof countries | typeof states | typeof shippingMethods,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, [...ids]))
    .for('key share');
  const present = new Set(found.map((r) => r.id));
  return new Set(ids.filter((id) => !present.has(id)));
}

/**
 * POST /api/shipping-zones (id null) and PUT /api/shipping-zones/{id}: the zone, its countries,
 * states and one rate per method, replaced as a whole. The listed countries' zone_id points here;
 * countries no longer listed let go of it (docs/decisions/0024).
 */
export async function saveShippingZone(
  ctx: AppContext,
  actor: Actor,
  id: number | null,
  input: ShippingZoneBody,
) {
  const savedId = await ctx.db.transaction(async (tx) => {
    const before = id === null ? null : await lockById(tx, shippingZones, id, M.zoneNotFound);
    const countryIds = [...new Set(input.countries)];
    const stateIds = [...new Set(input.states)];
    const errors: FieldErrors = {};
    if ((await missingIds(tx, countries, countryIds)).size > 0)
      addFieldError(errors, 'countries', M.countryUnknown);
    if ((await missingIds(tx, states, stateIds)).size > 0) addFieldError(errors, 'states', M.stateUnknown);
    const missingMethods = await missingIds(
      tx,
      shippingMethods,
      input.shipping_rates.map((r) => r.method_id),
    );
    input.shipping_rates.forEach((rate, index) => {
      if (missingMethods.has(rate.method_id)) {
        addFieldError(errors, `shipping_rates.${index}.method_id`, M.rateMethodUnknown);
      }
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);

    const values = {
      name: input.name,
      description: input.description ?? null,
      enabled: input.enabled,
      updatedAt: ctx.now(),
    };
    let zoneId: number;
    if (before === null) {
      const [created] = await tx.insert(shippingZones).values(values).returning({ id: shippingZones.id });
      zoneId = created!.id;
    } else {
      zoneId = before.id;
      await tx.update(shippingZones).set(values).where(eq(shippingZones.id, zoneId));
      await tx.delete(shippingZoneCountries).where(eq(shippingZoneCountries.zoneId, zoneId));
      await tx.delete(shippingZoneStates).where(eq(shippingZoneStates.zoneId, zoneId));
      await tx.delete(shippingZoneRates).where(eq(shippingZoneRates.zoneId, zoneId));
    }
    if (countryIds.length > 0) {
      await tx.insert(shippingZoneCountries).values(countryIds.map((countryId) => ({ zoneId, countryId })));
    }
    if (stateIds.length > 0) {
      await tx.insert(shippingZoneStates).values(stateIds.map((stateId) => ({ zoneId, stateId })));
    }
    const rates = input.shipping_rates.map((r) => ({
      zoneId,
      methodId: r.method_id,
      rate: toDecimalText(fromDecimal(r.rate)),
    }));
    if (rates.length > 0) await tx.insert(shippingZoneRates).values(rates);

    // spec 2 §3 Country.zone_id: the zone that lists the country.
    await tx
      .update(countries)
      .set({ zoneId: null })
      .where(
        and(
          eq(countries.zoneId, zoneId),
          countryIds.length > 0 ? notInArray(countries.id, countryIds) : undefined,
        ),
      );
    if (countryIds.length > 0) {
      await tx.update(countries).set({ zoneId }).where(inArray(countries.id, countryIds));
    }

    await audit(tx, {
      actorUserId: actor.userId,
      action: before === null ? 'shipping_zone.created' : 'shipping_zone.updated',
      subjectType: 'shipping_zone',
      subjectId: zoneId,
      data: {
        name: input.name,
        enabled: input.enabled,
        countries: countryIds,
        states: stateIds,
        shipping_rates: rates.map((r) => ({ method_id: r.methodId, rate: r.rate })),
      },
      ip: actor.ip,
    });
    return zoneId;
  });
  return (await findZone(ctx.db, savedId))!;
}
