import { and, eq, ne, sql } from 'drizzle-orm';
import { REFERENCE_MESSAGES as M, type VatBody } from '../../../contracts/catalogue-reference';
import { VAT_RATE_DECIMALS } from '../../../domain/catalogue/reference-rules';
import { changedFields } from '../../../domain/changed-fields';
import { fieldError } from '../../../domain/errors';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { lockById } from '../../platform/db/row-locks';
import { vats } from './catalogue.tables';
import { findVat } from './reference.queries';
import { isTaken, withUniqueFields } from './reference-change';

/** One key for "who is the default VAT rate": saves that make a default take turns on it. */
const DEFAULT_VAT_LOCK = 4242012;

/**
 * Only one default: the others lose it in the same transaction. The advisory lock makes two
 * simultaneous "make this the default" saves queue, so they cannot both end up default.
 */
async function clearOtherDefaults(tx: Tx, keepId: number | null, now: Date): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DEFAULT_VAT_LOCK})`);
  const cleared = await tx
    .update(vats)
    .set({ isDefault: false, updatedAt: now })
    .where(and(eq(vats.isDefault, true), keepId === null ? undefined : ne(vats.id, keepId)))
    .returning({ name: vats.name });
  return cleared.map((row) => row.name);
}

/**
 * POST /admin/vats (id null) and PUT /admin/vats/{id} (spec 2 §3 VAT info). The contract has
 * already checked the rate against its type and set exempt and zero to 0.
 */
export async function saveVat(ctx: AppContext, actor: Actor, id: number | null, input: VatBody) {
  const savedId = await withUniqueFields(() =>
    ctx.db.transaction(async (tx) => {
      const before = id === null ? null : await lockById(tx, vats, id, M.vatNotFound);
      if (await isTaken(tx, vats, { id: vats.id, text: vats.name }, input.name, id)) {
        throw fieldError('name', M.nameTaken);
      }
      const now = ctx.now();
      const defaultTakenFrom = input.is_default ? await clearOtherDefaults(tx, id, now) : [];
      const fields = {
        name: input.name,
        type: input.type,
        rate: input.rate,
        is_active: input.is_active,
        is_default: input.is_default,
      };
      const values = {
        name: input.name,
        type: input.type,
        rate: input.rate.toFixed(VAT_RATE_DECIMALS),
        isActive: input.is_active,
        isDefault: input.is_default,
        updatedAt: now,
      };
      const extra = defaultTakenFrom.length > 0 ? { default_taken_from: defaultTakenFrom } : {};
      if (before === null) {
        const [created] = await tx.insert(vats).values(values).returning({ id: vats.id });
        await audit(tx, {
          actorUserId: actor.userId,
          action: 'vat.created',
          subjectType: 'vat',
          subjectId: created!.id,
          data: { ...fields, ...extra },
          ip: actor.ip,
        });
        return created!.id;
      }
      await tx.update(vats).set(values).where(eq(vats.id, before.id));
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'vat.updated',
        subjectType: 'vat',
        subjectId: before.id,
        data: {
          ...changedFields(
            {
              name: before.name,
              type: before.type,
              rate: Number(before.rate),
              is_active: before.isActive,
              is_default: before.isDefault,
            },
            fields,
          ),
          ...extra,
        },
        ip: actor.ip,
      });
      return before.id;
    }),
  );
  return (await findVat(ctx.db, savedId))!;
}
