/** The built-in roles (DECISIONS 1); admins may add more in Roles & permissions. */
export const ROLES = ['admin', 'staff', 'supplier', 'partner', 'doctor', 'patient', 'customer'] as const;
export type BuiltInRole = (typeof ROLES)[number];

/** Role descriptions shown in the UI (spec 2 §1). */
export const ROLE_DESCRIPTIONS: Record<BuiltInRole, string> = {
  admin: 'Full access',
  staff: 'Internal, limited admin access',
  supplier: 'Manage inventory and stock',
  partner: 'Business partner, special pricing and credit',
  doctor: 'Medical professional with patient access',
  patient: 'Book appointments, view medical records',
  customer: 'Place orders, manage own account',
};

/** Roles with a customer area of their own (DECISIONS 2). */
export const AREA_ROLES = ['customer', 'partner', 'doctor', 'patient', 'supplier'] as const;

/** Roles that need company information on the user (spec 1 §6, spec 3 §5). */
export const COMPANY_ROLES: readonly string[] = ['supplier', 'partner'];

export function isBuiltInRole(name: string): name is BuiltInRole {
  return (ROLES as readonly string[]).includes(name);
}

/** Where the browser goes after sign-in or a role switch (DECISIONS 5). */
export function dashboardUrlFor(role: string): string {
  return role === 'admin' || role === 'staff' ? '/dashboard' : `/${role}/dashboard`;
}

/**
 * The role a new session starts in: customer when held (spec 3 §6, "the default active role"),
 * else the first held role in the built-in order, else the first held role.
 */
export function defaultActiveRole(held: readonly string[]): string | null {
  if (held.includes('admin')) return 'admin';
  if (held.includes('staff')) return 'staff';
  if (held.includes('customer')) return 'customer';
  return ROLES.find((role) => held.includes(role)) ?? held[0] ?? null;
}

/** spec 3 §6 */
export function roleRefusalMessage(role: string): string {
  return `You do not have permission to access the ${role} role`;
}
