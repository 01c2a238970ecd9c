/**
 * Addresses by party role (spec 3 §6): the address types each role uses and the "same as" rules,
 * where one type copies another and its fields are then disabled.
 */
export const ADDRESS_TYPES_BY_ROLE = {
  patient: ['residential', 'work', 'billing'],
  customer: ['billing', 'delivery'],
  partner: ['billing', 'delivery'],
  supplier: ['billing', 'delivery'],
  doctor: ['consultation', 'billing'],
} as const satisfies Record<string, readonly string[]>;

export type PartyRole = keyof typeof ADDRESS_TYPES_BY_ROLE;
export type AddressType = (typeof ADDRESS_TYPES_BY_ROLE)[PartyRole][number];

export const ALL_ADDRESS_TYPES = ['billing', 'delivery', 'residential', 'work', 'consultation'] as const;

/** spec 3 §6: target type → the type it copies, per party role. */
const SAME_AS: Record<PartyRole, Partial<Record<string, string>>> = {
  patient: { work: 'residential', billing: 'residential' },
  customer: { delivery: 'billing' },
  partner: { delivery: 'billing' },
  supplier: { delivery: 'billing' },
  doctor: { billing: 'consultation' },
};

export function isPartyRole(role: string): role is PartyRole {
  return Object.hasOwn(ADDRESS_TYPES_BY_ROLE, role);
}

export function addressTypesOf(role: string): readonly string[] {
  return isPartyRole(role) ? ADDRESS_TYPES_BY_ROLE[role] : [];
}

/** The type this type may be "same as" for the role, or null when it copies none. */
export function sameAsSource(role: string, type: string): string | null {
  return isPartyRole(role) ? (SAME_AS[role][type] ?? null) : null;
}

/** "Billing", "Delivery" …: how a type is named in messages and on screen. */
export function addressTypeLabel(type: string): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

export type AddressFields = {
  address: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  phone: string;
};

export const COPIED_FIELDS = ['address', 'city', 'state', 'postal_code', 'country', 'phone'] as const;

/**
 * The fields of an address whose "same as" is on: the source address's, else its own. Only the
 * address parts are copied; type and default stay the target's.
 */
export function withSameAs<T extends AddressFields>(
  target: T,
  source: AddressFields | null,
  sameAs: boolean,
): T {
  if (!sameAs || !source) return target;
  const copied = { ...target };
  for (const field of COPIED_FIELDS) copied[field] = source[field];
  return copied;
}

/** spec 3 §5 Addresses: the required parts and the message '{type} {field} is required'. */
export const REQUIRED_ADDRESS_PARTS = ['address', 'city', 'state', 'country'] as const;

export function addressRequiredMessage(type: string, field: string): string {
  return `${addressTypeLabel(type)} ${field.replace('_', ' ')} is required`;
}

export function invalidAddressTypeMessage(role: string): string {
  const types = addressTypesOf(role).join(', ');
  return `The address type must be one of: ${types}.`;
}
