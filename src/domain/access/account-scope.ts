import { ADMIN_ROLE } from './access-rules';
import { ROLES } from './roles';

/**
 * The account-scope policy (docs/decisions/0035): whether one account may act on another. Every
 * route that changes another account (users, customers, roles, account status, passwords,
 * addresses) asks these rules, through one server function (modules/accounts/account-scope.ts).
 */

/** The built-in roles of the customer side: accounts the order form's customer routes may change. */
export const CUSTOMER_SIDE_ROLES: readonly string[] = ['customer', 'partner', 'patient'];

/** The built-in roles of the back office: admin, staff, supplier and doctor. */
export const BACK_OFFICE_ROLES: readonly string[] = ROLES.filter(
  (role) => !CUSTOMER_SIDE_ROLES.includes(role),
);

/** Who acts: the active role and its permissions (docs/decisions/0006). */
export type ScopeActor = {
  userId: number;
  activeRole: string;
  permissions: ReadonlySet<string>;
};

/** The account acted on: every role it holds and every permission of any of them (it can switch). */
export type ScopeTarget = {
  userId: number;
  roles: readonly string[];
  permissions: readonly string[];
};

/** A role being given: its name and its permissions. */
export type GrantedRole = { name: string; permissions: readonly string[] };

export const ACCOUNT_SCOPE_MESSAGES = {
  notCustomer:
    'This account is not a customer account: it holds a back-office role or permission. Change it in Users.',
  aboveActor: 'You cannot change this account: it holds access that you do not have.',
  adminOnly: 'Only an administrator can change an administrator account.',
  ownRoles: 'You cannot change your own roles.',
  grantAdmin: 'Only an administrator can give the admin role.',
  grantRole: (role: string) => `You cannot give the ${role} role: it holds permissions that you do not have.`,
  grantPermission: (permission: string) =>
    `You cannot give or take away ${permission}: you do not hold it yourself.`,
  adminRoleOnly: 'Only an administrator can change the permissions of the admin role.',
} as const;
const M = ACCOUNT_SCOPE_MESSAGES;

/**
 * A customer account: it holds no permission at all, and each of its roles is customer, partner,
 * patient or a role the shop added (which, holding no permission, is a price group such as
 * "wholesale"). Admin, staff, supplier and doctor are the back office's roles. An account with no
 * role yet is a customer account (the order form may give it the customer role).
 */
export function isCustomerAccount(target: Pick<ScopeTarget, 'roles' | 'permissions'>): boolean {
  if (target.permissions.length > 0) return false;
  return target.roles.every((role) => !BACK_OFFICE_ROLES.includes(role));
}

const isAdmin = (actor: ScopeActor) => actor.activeRole === ADMIN_ROLE;

/** An administrator has full access (spec 2 §1), the shop's own new permissions included. */
const holds = (actor: ScopeActor, permission: string) => isAdmin(actor) || actor.permissions.has(permission);
const holdsAll = (actor: ScopeActor, permissions: readonly string[]) =>
  permissions.every((p) => holds(actor, p));

/** Why an actor may not act, or null when they may. */
export type ScopeRefusal = string | null;

/** The order form's customer routes act only on customer accounts (issue: staff took over an admin). */
export function refuseCustomerChange(target: ScopeTarget): ScopeRefusal {
  return isCustomerAccount(target) ? null : M.notCustomer;
}

/**
 * User management (profile, password, address, status, roles) of another account: only an
 * administrator acts on an administrator, and nobody acts on an account holding a permission they
 * lack. A user may edit their own profile; their own roles and status are refused elsewhere.
 */
export function refuseAccountChange(actor: ScopeActor, target: ScopeTarget): ScopeRefusal {
  if (actor.userId === target.userId) return null;
  if (target.roles.includes(ADMIN_ROLE) && !isAdmin(actor)) return M.adminOnly;
  if (!holdsAll(actor, target.permissions)) return M.aboveActor;
  return null;
}

/**
 * Giving roles: nobody changes their own roles; the admin role only by an administrator; any other
 * role only by someone who holds every permission of it. Roles already held are not "given".
 */
export function refuseRoleGrant(
  actor: ScopeActor,
  targetUserId: number | null,
  before: readonly string[],
  granted: readonly GrantedRole[],
): ScopeRefusal {
  const added = granted.filter((role) => !before.includes(role.name));
  const removed = before.filter((name) => !granted.some((role) => role.name === name));
  if (targetUserId === actor.userId && (added.length > 0 || removed.length > 0)) return M.ownRoles;
  for (const role of added) {
    if (role.name === ADMIN_ROLE && !isAdmin(actor)) return M.grantAdmin;
    if (!holdsAll(actor, role.permissions)) return M.grantRole(role.name);
  }
  return null;
}

/**
 * Roles & permissions: switching a permission on or off for a role needs the permission oneself,
 * and only an administrator changes the admin role.
 */
export function refusePermissionChange(actor: ScopeActor, role: string, permission: string): ScopeRefusal {
  if (role === ADMIN_ROLE && !isAdmin(actor)) return M.adminRoleOnly;
  if (!holds(actor, permission)) return M.grantPermission(permission);
  return null;
}
