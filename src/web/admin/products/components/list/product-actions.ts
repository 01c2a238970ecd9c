import { errorMessage } from '../../../../lib/form-errors';
import { confirmAction } from '../../../../ui/confirm';
import { LIST_MESSAGES } from '../../../../ui/list/list-messages';
import { notifyError, notifySuccess } from '../../../../ui/notify';

/** Asks first, deletes, says how it went (spec 1 §8 "Failed to delete item. Please try again."). */
export async function confirmAndDeleteProduct(
  product: { id: number; name: string },
  remove: (id: number) => Promise<{ message: string }>,
): Promise<boolean> {
  const confirmed = await confirmAction({
    title: 'Delete product?',
    message: `"${product.name}" will be removed from the catalogue and the shop. Orders that include it keep it. This action cannot be undone.`,
    confirmLabel: 'Delete product',
    danger: true,
  });
  if (!confirmed) return false;
  try {
    notifySuccess((await remove(product.id)).message);
    return true;
  } catch {
    notifyError(LIST_MESSAGES.delete);
    return false;
  }
}

/**
 * Activates or deactivates products (docs/decisions/0015). Deactivating hides them in the shop and
 * clears who may see them, so it asks first; activating does not.
 */
export async function changeActive(
  products: { id: number; name: string }[],
  isActive: boolean,
  send: (body: { product_ids: number[]; is_active: boolean }) => Promise<{ message: string }>,
): Promise<boolean> {
  if (products.length === 0) return false;
  if (!isActive) {
    const one = products.length === 1 ? products[0]! : null;
    const confirmed = await confirmAction({
      title: one ? `Deactivate "${one.name}"?` : `Deactivate ${products.length} products?`,
      message: `${one ? 'It' : 'They'} will be hidden in the shop and ${one ? 'its' : 'their'} shop visibility cleared. Activating again keeps ${one ? 'it' : 'them'} hidden until you choose who sees ${one ? 'it' : 'them'}.`,
      confirmLabel: 'Deactivate',
      danger: true,
    });
    if (!confirmed) return false;
  }
  try {
    notifySuccess((await send({ product_ids: products.map((p) => p.id), is_active: isActive })).message);
    return true;
  } catch (error) {
    notifyError(errorMessage(error, 'Failed to update the products. Please try again.'));
    return false;
  }
}
