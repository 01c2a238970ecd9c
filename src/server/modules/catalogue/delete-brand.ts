import { eq } from 'drizzle-orm';
import { REFERENCE_MESSAGES as M } from '../../../contracts/catalogue-reference';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockById } from '../../platform/db/row-locks';
import { conflict } from '../../platform/http/errors';
import { brands } from './catalogue.tables';
import { brandProductsCount } from './reference.queries';

/** DELETE /admin/brands/{id}: refused (409) while products use the brand. */
export async function deleteBrand(ctx: AppContext, actor: Actor, id: number) {
  return ctx.db.transaction(async (tx) => {
    const brand = await lockById(tx, brands, id, M.brandNotFound);
    const [usage] = await tx.select({ n: brandProductsCount }).from(brands).where(eq(brands.id, id));
    if ((usage?.n ?? 0) > 0) throw conflict(M.inUse('brand', usage!.n));
    await tx.delete(brands).where(eq(brands.id, id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'brand.deleted',
      subjectType: 'brand',
      subjectId: id,
      data: { name: brand.name, slug: brand.slug, is_active: brand.isActive },
      ip: actor.ip,
    });
    return { id, name: brand.name };
  });
}
