import { and, eq, ne } from 'drizzle-orm';
import {
  type AreaAddress,
  type AreaAddressBody,
  AREA_MESSAGES as M,
} from '../../../contracts/customer-areas';
import type { Tx } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import { userAddresses } from '../accounts/accounts.tables';

/*
 * The addresses of the signed-in user (spec 3 §7 /api/{role}/addresses, §4 "Address form: add,
 * edit, delete with confirmation, set default"). Each is the user's own: another user's address id
 * answers 404 (DECISIONS 2). One address at most is the default; the user's first address becomes it.
 */

export type AddressReply = { success: true; message: string; data: AreaAddress };

export function addressColumns(body: AreaAddressBody) {
  return {
    addressType: body.type,
    address: body.address ?? '',
    city: body.city ?? null,
    state: body.state ?? null,
    postalCode: body.postal_code ?? null,
    country: body.country ?? null,
    phone: body.phone ?? null,
  };
}

/** The user's address under its row lock, or 404. */
export async function lockOwnAddress(tx: Tx, userId: number, id: number) {
  const [row] = await tx
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)))
    .for('update');
  if (!row) throw notFound(M.addressNotFound);
  return row;
}

export async function clearOtherDefaults(tx: Tx, userId: number, keepId: number, now: Date) {
  await tx
    .update(userAddresses)
    .set({ isDefault: false, updatedAt: now })
    .where(
      and(eq(userAddresses.userId, userId), eq(userAddresses.isDefault, true), ne(userAddresses.id, keepId)),
    );
}
