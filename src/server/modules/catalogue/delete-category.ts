import { eq, sql } from 'drizzle-orm';
import { REFERENCE_MESSAGES as M } from '../../../contracts/catalogue-reference';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockById } from '../../platform/db/row-locks';
import { conflict } from '../../platform/http/errors';
import { categories } from './catalogue.tables';
import { categoryProductsCount } from './reference.queries';

/**
 * DELETE /admin/categories/{id}: refused (409) while it has subcategories or products are filed
 * under it. Adding a child locks the parent row first (save-category), so none slips in meanwhile.
 */
export async function deleteCategory(ctx: AppContext, actor: Actor, id: number) {
  return ctx.db.transaction(async (tx) => {
    const category = await lockById(tx, categories, id, M.categoryNotFound);
    const [children] = await tx
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(categories)
      .where(eq(categories.parentId, id));
    if ((children?.n ?? 0) > 0) throw conflict(M.categoryHasChildren(children!.n));
    const [usage] = await tx
      .select({ n: categoryProductsCount })
      .from(categories)
      .where(eq(categories.id, id));
    if ((usage?.n ?? 0) > 0) throw conflict(M.inUse('category', usage!.n));
    await tx.delete(categories).where(eq(categories.id, id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'category.deleted',
      subjectType: 'category',
      subjectId: id,
      data: {
        name: category.name,
        slug: category.slug,
        parent_id: category.parentId,
        description: category.description,
        is_active: category.isActive,
        sort_order: category.sortOrder,
      },
      ip: actor.ip,
    });
    return { id, name: category.name };
  });
}
