import { eq } from 'drizzle-orm';
import { type AreaAddressBody, AREA_MESSAGES as M } from '../../../contracts/customer-areas';
import type { AppContext } from '../../platform/context';
import { userAddresses } from '../accounts/accounts.tables';
import { presentAreaAddress } from './customer-areas.presenter';
import { type AddressReply, addressColumns, clearOtherDefaults, lockOwnAddress } from './own-addresses';

/** PUT /api/{role}/addresses/{id}: a default address stays the default until another one is chosen. */
export async function updateAreaAddress(
  ctx: AppContext,
  userId: number,
  id: number,
  body: AreaAddressBody,
): Promise<AddressReply> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockOwnAddress(tx, userId, id);
    const isDefault = before.isDefault || body.is_default;
    const [row] = await tx
      .update(userAddresses)
      .set({ ...addressColumns(body), isDefault, updatedAt: now })
      .where(eq(userAddresses.id, id))
      .returning();
    if (isDefault) await clearOtherDefaults(tx, userId, id, now);
    return { success: true as const, message: M.addressSaved, data: presentAreaAddress(row!) };
  });
}
