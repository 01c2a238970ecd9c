import { COMPANY_ROLES } from '../access/roles';
import { addFieldError, type FieldErrors } from '../errors';

export const USER_TYPES = ['individual', 'company'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const ACCOUNT_STATUSES = ['active', 'suspended', 'closed'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const USER_MESSAGES = {
  companyName: 'Company name is required for company users',
  firstName: 'First name is required for individual users',
  lastName: 'Last name is required for individual users',
  companyRoles: 'Supplier and partner users must be company users',
  roles: 'Please select at least one role',
  email: 'Please enter a valid email address',
  statusReason: 'A reason is required when suspending or closing an account',
} as const;

export type UserProfileInput = {
  user_type: UserType;
  first_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
  roles?: readonly string[] | undefined;
};

const blank = (value: string | null | undefined) => !value || value.trim() === '';

/**
 * The company / individual rules of spec 1 §5 and spec 2 §5: a company needs its name; an
 * individual needs first and last name; supplier and partner need company information.
 */
export function userProfileErrors(input: UserProfileInput): FieldErrors {
  const errors: FieldErrors = {};
  if (input.user_type === 'company') {
    if (blank(input.company_name)) addFieldError(errors, 'company_name', USER_MESSAGES.companyName);
  } else {
    if (blank(input.first_name)) addFieldError(errors, 'first_name', USER_MESSAGES.firstName);
    if (blank(input.last_name)) addFieldError(errors, 'last_name', USER_MESSAGES.lastName);
  }
  if (input.roles) {
    if (input.roles.length === 0) addFieldError(errors, 'roles', USER_MESSAGES.roles);
    if (!rolesFitUserType(input.user_type, input.roles)) {
      addFieldError(errors, 'user_type', USER_MESSAGES.companyRoles);
    }
  }
  return errors;
}

/** Supplier and partner roles need a company user (spec 1 §6); other roles fit any user. */
export function rolesFitUserType(userType: UserType, roles: readonly string[]): boolean {
  return userType === 'company' || !roles.some((role) => COMPANY_ROLES.includes(role));
}

/** Switching to individual clears the company fields (spec 1 §5, spec 2 §5). */
export function normalizeCompanyFields<
  T extends {
    user_type: UserType;
    company_name?: string | null;
    company_registration_number?: string | null;
    vat_number?: string | null;
  },
>(input: T): T {
  if (input.user_type === 'company') return input;
  return { ...input, company_name: null, company_registration_number: null, vat_number: null };
}

export function fullName(user: {
  first_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
  email?: string;
}): string {
  const name = [user.first_name, user.last_name].filter((p) => p?.trim()).join(' ');
  return name || user.company_name || user.email || '';
}

/** How lists name a supplier: a supplier is a company (spec 3 §5), so its company name says who it is. */
export function supplierName(supplier: {
  first_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
  email?: string;
}): string {
  return supplier.company_name?.trim() || fullName(supplier);
}

/** Suspended and closed accounts cannot sign in. */
export function canSignIn(status: AccountStatus): boolean {
  return status === 'active';
}
