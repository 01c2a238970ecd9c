import { and, inArray } from 'drizzle-orm';
import { PRODUCT_LIST_MESSAGES } from '../../../contracts/catalogue';
import { visibilityFor } from '../../../domain/catalogue/product-rules';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { products } from './catalogue.tables';
import { notDeleted } from './products-list.queries';

/**
 * Activates or deactivates many products at once (the list's bulk actions). Deactivating clears
 * the shop visibility (spec 2 §4); activating leaves it as it is, so a product deactivated here
 * comes back Hidden until someone chooses who sees it (docs/decisions/0015). Ids that name no
 * product, or a deleted one, are skipped. One transaction, one audit row that keeps every
 * product's visibility before the change.
 */
export async function setProductsActive(
  ctx: AppContext,
  actor: Actor,
  productIds: readonly number[],
  isActive: boolean,
): Promise<{ message: string; updatedCount: number }> {
  const ids = [...new Set(productIds)];
  return ctx.db.transaction(async (tx) => {
    const before = await tx
      .select({ id: products.id, isActive: products.isActive, shopVisibility: products.shopVisibility })
      .from(products)
      .where(and(inArray(products.id, ids), notDeleted))
      .orderBy(products.id)
      .for('update');
    if (before.length > 0) {
      await tx
        .update(products)
        .set({
          isActive,
          updatedAt: ctx.now(),
          // Activating keeps each product's own roles; deactivating clears them all.
          ...(isActive ? {} : { shopVisibility: visibilityFor(false, []) }),
        })
        .where(
          inArray(
            products.id,
            before.map((p) => p.id),
          ),
        );
      await audit(tx, {
        actorUserId: actor.userId,
        action: isActive ? 'product.bulk_activated' : 'product.bulk_deactivated',
        subjectType: 'product',
        subjectId: null,
        data: {
          is_active: isActive,
          products: before.map((p) => ({
            id: p.id,
            was_active: p.isActive,
            shop_visibility_before: p.shopVisibility,
          })),
        },
        ip: actor.ip,
      });
    }
    const count = before.length;
    return {
      updatedCount: count,
      message: isActive ? PRODUCT_LIST_MESSAGES.activated(count) : PRODUCT_LIST_MESSAGES.deactivated(count),
    };
  });
}
