import { randomUUID } from 'node:crypto';
import type { CustomerBody } from '../../../contracts/orders';
import { normalizeCompanyFields } from '../../../domain/accounts/user-rules';
import type { Executor } from '../../platform/db/database';
import { saveDefaultAddress } from '../accounts';

/**
 * A customer created without an e-mail address (a phone or walk-in order) gets an address that can
 * never receive mail, so the users table keeps its unique e-mail (docs/decisions/0031).
 */
export function placeholderEmail(): string {
  return `customer-${randomUUID()}@no-email.invalid`;
}

export const isPlaceholderEmail = (email: string) => email.endsWith('@no-email.invalid');

/** The users columns the customer form sets; an individual keeps no company fields (spec 1 §5). */
export function customerColumns(input: CustomerBody) {
  const profile = normalizeCompanyFields(input);
  return {
    userType: profile.user_type,
    firstName: profile.first_name ?? null,
    lastName: profile.last_name ?? null,
    companyName: profile.company_name ?? null,
    companyRegistrationNumber: profile.company_registration_number ?? null,
    vatNumber: profile.vat_number ?? null,
    phone: profile.phone ?? null,
    mobile: profile.mobile ?? null,
  };
}

/** The form's address is the customer's default delivery address (spec 1 §3 Customer addresses). */
export async function saveCustomerAddress(
  db: Executor,
  userId: number,
  address: string | null | undefined,
  now: Date,
): Promise<void> {
  await saveDefaultAddress(db, userId, { address_type: 'delivery', address: address ?? null }, now);
}
