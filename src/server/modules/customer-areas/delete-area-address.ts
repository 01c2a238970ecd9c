import { eq } from 'drizzle-orm';
import { AREA_MESSAGES as M } from '../../../contracts/customer-areas';
import type { AppContext } from '../../platform/context';
import { userAddresses } from '../accounts/accounts.tables';
import { lockOwnAddress } from './own-addresses';

/** DELETE /api/{role}/addresses/{id}: when the default goes, the oldest remaining address takes its place. */
export async function deleteAreaAddress(
  ctx: AppContext,
  userId: number,
  id: number,
): Promise<{ success: true; message: string }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockOwnAddress(tx, userId, id);
    await tx.delete(userAddresses).where(eq(userAddresses.id, id));
    if (before.isDefault) {
      const [next] = await tx
        .select({ id: userAddresses.id })
        .from(userAddresses)
        .where(eq(userAddresses.userId, userId))
        .orderBy(userAddresses.id)
        .limit(1);
      if (next)
        await tx
          .update(userAddresses)
          .set({ isDefault: true, updatedAt: now })
          .where(eq(userAddresses.id, next.id));
    }
    return { success: true as const, message: M.addressDeleted };
  });
}
