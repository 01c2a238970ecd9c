import { eq } from 'drizzle-orm';
import { type AreaAddressBody, AREA_MESSAGES as M } from '../../../contracts/customer-areas';
import type { AppContext } from '../../platform/context';
import { userAddresses } from '../accounts/accounts.tables';
import { presentAreaAddress } from './customer-areas.presenter';
import { type AddressReply, addressColumns, clearOtherDefaults } from './own-addresses';

/** POST /api/{role}/addresses */
export async function createAreaAddress(
  ctx: AppContext,
  userId: number,
  body: AreaAddressBody,
): Promise<AddressReply> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: userAddresses.id })
      .from(userAddresses)
      .where(eq(userAddresses.userId, userId))
      .limit(1);
    const isDefault = body.is_default || !existing;
    const [row] = await tx
      .insert(userAddresses)
      .values({ userId, ...addressColumns(body), isDefault, createdAt: now, updatedAt: now })
      .returning();
    if (isDefault) await clearOtherDefaults(tx, userId, row!.id, now);
    return { success: true as const, message: M.addressSaved, data: presentAreaAddress(row!) };
  });
}
