import { and, eq } from 'drizzle-orm';
import { PRODUCT_MESSAGES } from '../../../contracts/catalogue';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { products } from './catalogue.tables';
import { notDeleted } from './products-list.queries';

/**
 * Deletes a product (spec 1 §7 DELETE {list url}/{id}). The row stays, marked deleted, so orders
 * and rentals that name it keep their history (catalogue.tables.ts); from now on it is missing from
 * every list and read. A product already deleted is not found.
 */
export async function deleteProduct(ctx: AppContext, actor: Actor, id: number): Promise<{ message: string }> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const [deleted] = await tx
      .update(products)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(products.id, id), notDeleted))
      .returning({ id: products.id, name: products.name, sku: products.sku });
    if (!deleted) throw notFound();
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'product.deleted',
      subjectType: 'product',
      subjectId: id,
      data: { name: deleted.name, sku: deleted.sku },
      ip: actor.ip,
    });
    return { message: PRODUCT_MESSAGES.deleted };
  });
}
