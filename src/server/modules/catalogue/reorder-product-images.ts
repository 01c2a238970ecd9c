import { eq, inArray } from 'drizzle-orm';
import { PRODUCT_MESSAGES as M } from '../../../contracts/catalogue';
import { fieldError } from '../../../domain/errors';
import { audit } from '../../platform/audit/audit';
import { files } from '../files';
import { productImages, products } from './catalogue.tables';
import { lockLiveProduct, type ProductActor, type ProductSaveContext } from './save-product';

/**
 * POST /api/products/{id}/reorder-images (spec 2 §7): the first image becomes the thumbnail, the
 * rest the gallery in that order. An image named twice counts once; every one must exist.
 */
export async function reorderProductImages(
  ctx: ProductSaveContext,
  actor: ProductActor,
  id: number,
  imageOrder: readonly number[],
): Promise<{ thumbnailId: number; galleryImages: number[] }> {
  const [thumbnailId, ...galleryImages] = [...new Set(imageOrder)] as [number, ...number[]];
  await ctx.db.transaction(async (tx) => {
    const before = await lockLiveProduct(tx, id);
    const found = await tx
      .select({ id: files.id })
      .from(files)
      .where(inArray(files.id, [thumbnailId, ...galleryImages]))
      .for('key share');
    if (found.length !== galleryImages.length + 1) throw fieldError('image_order', M.unknownReference);
    const previous = await tx
      .select({ fileId: productImages.fileId })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(productImages.sortOrder);
    await tx.update(products).set({ thumbnailId, updatedAt: ctx.now() }).where(eq(products.id, id));
    await tx.delete(productImages).where(eq(productImages.productId, id));
    if (galleryImages.length > 0) {
      await tx
        .insert(productImages)
        .values(galleryImages.map((fileId, sortOrder) => ({ productId: id, fileId, sortOrder })));
    }
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'product.images_reordered',
      subjectType: 'product',
      subjectId: id,
      data: {
        name: before.name,
        from: { thumbnail_id: before.thumbnailId, gallery_images: previous.map((p) => p.fileId) },
        to: { thumbnail_id: thumbnailId, gallery_images: galleryImages },
      },
      ip: actor.ip,
    });
  });
  return { thumbnailId, galleryImages };
}
