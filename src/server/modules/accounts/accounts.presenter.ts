import type { UserReply } from '../../../contracts/accounts';
import type { ShopViewer } from '../../../contracts/storefront';
import { dashboardUrlFor, isBuiltInRole, ROLE_DESCRIPTIONS } from '../../../domain/access/roles';
import { fullName } from '../../../domain/accounts/user-rules';
import type { LoadedSession } from '../../platform/auth/sessions';
import type { UserRow } from './accounts.queries';

/** The signed-in user as the browser sees them (GET /api/auth/status, the admin header). */
export function presentViewer(session: LoadedSession) {
  const user = session.user!;
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: fullName({
      first_name: user.firstName,
      last_name: user.lastName,
      company_name: user.companyName,
      email: user.email,
    }),
    active_role: session.activeRole,
    roles: session.roles,
    permissions: [...session.permissions].sort(),
    dashboard_url: session.activeRole ? dashboardUrlFor(session.activeRole) : null,
  };
}

export function presentShopViewer(session: LoadedSession | null): ShopViewer | null {
  if (!session?.user) return null;
  const viewer = presentViewer(session);
  return {
    name: viewer.full_name,
    email: viewer.email,
    active_role: viewer.active_role,
    roles: viewer.roles,
    dashboard_url: viewer.dashboard_url,
  };
}

export function presentRoleChoices(roles: readonly string[]) {
  return roles.map((name) => ({
    name,
    description: isBuiltInRole(name) ? ROLE_DESCRIPTIONS[name] : null,
    dashboard_url: dashboardUrlFor(name),
  }));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentUser(row: UserRow): UserReply {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: fullName({
      first_name: row.firstName,
      last_name: row.lastName,
      company_name: row.companyName,
      email: row.email,
    }),
    email: row.email,
    phone: row.phone,
    mobile: row.mobile,
    mobile_verified_at: iso(row.mobileVerifiedAt),
    user_type: row.userType as UserReply['user_type'],
    company_name: row.companyName,
    company_registration_number: row.companyRegistrationNumber,
    vat_number: row.vatNumber,
    notes: row.notes,
    account_status: row.accountStatus as UserReply['account_status'],
    status_reason: row.statusReason,
    roles: row.roles,
    role: row.roles[0] ?? null,
    address_type: row.addressType,
    address: row.address,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    country: row.country,
    last_login_at: iso(row.lastLoginAt),
    created_at: row.createdAt.toISOString(),
  };
}
