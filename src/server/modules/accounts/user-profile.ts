import { and, eq, ne } from 'drizzle-orm';
import { AUTH_MESSAGES, type CreateUserBody } from '../../../contracts/accounts';
import { normalizeCompanyFields } from '../../../domain/accounts/user-rules';
import { fieldError } from '../../../domain/errors';
import { users } from '../../platform/auth/auth.tables';
import type { Executor } from '../../platform/db/database';
import { userAddresses } from './accounts.tables';

type ProfileInput = Pick<
  CreateUserBody,
  | 'user_type'
  | 'first_name'
  | 'last_name'
  | 'company_name'
  | 'company_registration_number'
  | 'vat_number'
  | 'email'
  | 'phone'
  | 'mobile'
  | 'notes'
>;

/** The users columns of the admin user form; an individual keeps no company fields (spec 2 §5). */
export function profileColumns(input: ProfileInput) {
  const profile = normalizeCompanyFields(input);
  return {
    email: profile.email,
    userType: profile.user_type,
    firstName: profile.first_name ?? null,
    lastName: profile.last_name ?? null,
    companyName: profile.company_name ?? null,
    companyRegistrationNumber: profile.company_registration_number ?? null,
    vatNumber: profile.vat_number ?? null,
    phone: profile.phone ?? null,
    mobile: profile.mobile ?? null,
    notes: profile.notes ?? null,
  };
}

export const emailTaken = () => fieldError('email', AUTH_MESSAGES.emailTaken);

/** 422 on `email` when another user has it (the unique index still guards a race). */
export async function assertEmailFree(db: Executor, email: string, exceptUserId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email))
    .limit(1);
  if (taken) throw emailTaken();
}

type AddressInput = Pick<
  CreateUserBody,
  'address_type' | 'address' | 'city' | 'state' | 'postal_code' | 'country'
>;

/**
 * The form's address fields are the user's default address (spec 2 §3). Filled in: the default row
 * is written (created when missing). All blank: the user keeps no default address; an existing
 * row stays as an ordinary address, since orders may have been sent to it.
 */
export async function saveDefaultAddress(
  db: Executor,
  userId: number,
  input: AddressInput,
  now: Date,
): Promise<void> {
  const fields = {
    addressType: input.address_type,
    address: input.address ?? '',
    city: input.city ?? null,
    state: input.state ?? null,
    postalCode: input.postal_code ?? null,
    country: input.country ?? null,
  };
  const isBlank = !input.address && !input.city && !input.state && !input.postal_code && !input.country;
  const [current] = await db
    .select({ id: userAddresses.id })
    .from(userAddresses)
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.isDefault, true)))
    .limit(1);
  if (current) {
    await db
      .update(userAddresses)
      .set(isBlank ? { isDefault: false, updatedAt: now } : { ...fields, updatedAt: now })
      .where(eq(userAddresses.id, current.id));
  } else if (!isBlank) {
    await db
      .insert(userAddresses)
      .values({ userId, isDefault: true, ...fields, createdAt: now, updatedAt: now });
  }
}
