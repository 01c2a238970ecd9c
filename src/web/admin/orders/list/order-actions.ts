import { confirmAction } from '../../../ui/confirm';
import { LIST_MESSAGES } from '../../../ui/list/list-messages';
import { notifyError, notifySuccess } from '../../../ui/notify';

/** Asks first, deletes, says how it went (spec 1 §7 DELETE, §8 "Failed to delete item. Please try again."). */
export async function confirmAndDeleteOrder(
  order: { id: number; order_code: string },
  remove: (id: number) => Promise<{ message: string }>,
): Promise<boolean> {
  const confirmed = await confirmAction({
    title: `Delete order ${order.order_code}?`,
    message: `Order ${order.order_code} will be removed from the list. Any stock it holds goes back on the shelf; its invoices stay on record. This action cannot be undone.`,
    confirmLabel: 'Delete order',
    danger: true,
  });
  if (!confirmed) return false;
  try {
    notifySuccess((await remove(order.id)).message);
    return true;
  } catch {
    notifyError(LIST_MESSAGES.delete);
    return false;
  }
}
