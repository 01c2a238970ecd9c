import { eq } from 'drizzle-orm';
import { AREA_MESSAGES as M } from '../../../contracts/customer-areas';
import type { AppContext } from '../../platform/context';
import { userAddresses } from '../accounts/accounts.tables';
import { presentAreaAddress } from './customer-areas.presenter';
import { type AddressReply, clearOtherDefaults, lockOwnAddress } from './own-addresses';

/** POST /api/{role}/addresses/{id}/default */
export async function setDefaultAreaAddress(
  ctx: AppContext,
  userId: number,
  id: number,
): Promise<AddressReply> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await lockOwnAddress(tx, userId, id);
    await clearOtherDefaults(tx, userId, id, now);
    const [row] = await tx
      .update(userAddresses)
      .set({ isDefault: true, updatedAt: now })
      .where(eq(userAddresses.id, id))
      .returning();
    return { success: true as const, message: M.defaultSet, data: presentAreaAddress(row!) };
  });
}
