import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** People who sign in: staff, customers, partners… (spec 2 §3 User). Email is stored lower-case. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    mobile: text('mobile'),
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
    userType: text('user_type').notNull().default('individual'),
    companyName: text('company_name'),
    companyRegistrationNumber: text('company_registration_number'),
    vatNumber: text('vat_number'),
    notes: text('notes'),
    accountStatus: text('account_status').notNull().default('active'),
    statusReason: text('status_reason'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_search_trgm').using(
      'gin',
      sql`(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '') || ' ' || ${t.email} || ' ' || coalesce(${t.phone}, '') || ' ' || coalesce(${t.mobile}, '') || ' ' || coalesce(${t.companyName}, '')) gin_trgm_ops`,
    ),
    index('users_created_at').on(t.createdAt),
    // The users list's status filter in its default order (issue 13).
    index('users_account_status').on(t.accountStatus, t.createdAt),
    // Sign-in by SMS code finds the account by its mobile number's digits (docs/decisions/0056).
    index('users_mobile_digits').on(sql`regexp_replace(coalesce(${t.mobile}, ''), '[^0-9]', '', 'g')`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_name_unique').on(t.name)],
);

export const permissions = pgTable(
  'permissions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('permissions_name_unique').on(t.name)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permissionId] }),
    index('role_permissions_permission').on(t.permissionId),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role').on(t.roleId)],
);

/**
 * Server-side sessions, shared by every app process. The browser holds a random id; only its
 * SHA-256 is stored. Guests get a session too (for their CSRF token and, later, their cart).
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    activeRole: text('active_role'),
    csrfToken: text('csrf_token').notNull(),
    remember: boolean('remember').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_expires_at').on(t.expiresAt)],
);

/** Single-use tokens sent by e-mail (password reset, magic link), stored hashed (DECISIONS 27). */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_hash').on(t.tokenHash), index('auth_tokens_user').on(t.userId, t.purpose)],
);

/** Fixed-window counters for rate limits, shared by every app process. */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limit_buckets_window').on(t.windowStart)],
);
