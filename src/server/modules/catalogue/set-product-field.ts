import { eq } from 'drizzle-orm';
import type { ProductFieldBody } from '../../../contracts/catalogue';
import { type FieldErrors, validationError } from '../../../domain/errors';
import { audit } from '../../platform/audit/audit';
import { products } from './catalogue.tables';
import { findProductDetail, type ProductDetail } from './product.queries';
import { checkReferences, lockLiveProduct, type ProductActor, type ProductSaveContext } from './save-product';

const COLUMNS = { brand_id: 'brandId', vat_id: 'vatId', supplier_id: 'supplierId' } as const;

/**
 * PUT /admin/products/{id} with one of brand_id, vat_id or supplier_id alone (spec 2 §7): the
 * product list's quick edits. The id must exist (a supplier: a user with the supplier role); null
 * clears the field.
 */
export async function setProductField(
  ctx: ProductSaveContext,
  actor: ProductActor,
  id: number,
  field: ProductFieldBody,
): Promise<ProductDetail> {
  const [name, value] = Object.entries(field)[0] as [keyof typeof COLUMNS, number | null];
  await ctx.db.transaction(async (tx) => {
    const before = await lockLiveProduct(tx, id);
    const errors: FieldErrors = {};
    await checkReferences(tx, { [name]: value }, errors);
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const column = COLUMNS[name];
    await tx
      .update(products)
      .set({ [column]: value, updatedAt: ctx.now() })
      .where(eq(products.id, id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'product.updated',
      subjectType: 'product',
      subjectId: id,
      data: { name: before.name, changes: { [column]: { from: before[column], to: value } } },
      ip: actor.ip,
    });
  });
  return (await findProductDetail(ctx.db, id))!;
}
