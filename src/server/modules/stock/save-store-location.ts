import { eq } from 'drizzle-orm';
import { STOCK_MESSAGES as M, type StoreLocationBody } from '../../../contracts/stock';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { storeLocations } from './stock.tables';

/** POST /api/store-locations (id null) and PUT /api/store-locations/{id} (spec 2 §3, §7). */
export async function saveStoreLocation(
  ctx: AppContext,
  actor: Actor,
  id: number | null,
  input: StoreLocationBody,
) {
  return ctx.db.transaction(async (tx) => {
    const values = {
      name: input.name,
      code: input.code ?? null,
      description: input.description ?? null,
      address: input.address ?? null,
      isActive: input.is_active,
      updatedAt: ctx.now(),
    };
    const [saved] =
      id === null
        ? await tx.insert(storeLocations).values(values).returning()
        : await tx.update(storeLocations).set(values).where(eq(storeLocations.id, id)).returning();
    if (!saved) throw notFound(M.locationNotFound);
    await audit(tx, {
      actorUserId: actor.userId,
      action: id === null ? 'store_location.created' : 'store_location.updated',
      subjectType: 'store_location',
      subjectId: saved.id,
      data: { name: saved.name, code: saved.code, is_active: saved.isActive },
      ip: actor.ip,
    });
    return saved;
  });
}
