import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import { withImpliedPermissions } from '../../../domain/access/permissions';
import type { Executor } from '../db/database';
import { preparedStatements } from '../db/prepared';
import { qualified } from '../db/qualified';
import { referenceVersionColumn } from '../db/reference-cache';
import { permissions, rolePermissions, roles, sessions, userRoles, users } from './auth.tables';
import type { SessionSideRead } from './session-side-read';
import { hashToken, randomToken } from './tokens';

export const SESSION_COOKIE = 'emporium_session';
export const REMEMBER_DAYS = 30;
/** Expired rows are kept this long so a late request still hears "Session expired". */
const EXPIRED_RETENTION_DAYS = 7;

export type SessionUser = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  accountStatus: string;
};

/** What a request knows about its session after the cookie is read. */
export type LoadedSession = {
  idHash: string;
  csrfToken: string;
  remember: boolean;
  expiresAt: Date;
  lastSeenAt: Date;
  user: SessionUser | null;
  activeRole: string | null;
  roles: string[];
  permissions: ReadonlySet<string>;
};

/**
 * `referenceVersion`: the reference data's version, read with the session in the same query so
 * the request's reference cache needs no query of its own (docs/decisions/0064). `side`: what the
 * route's side read answered (docs/decisions/0103), when the session's statement carried it.
 */
export type SessionState = (
  | { status: 'none' }
  | { status: 'expired'; session: LoadedSession }
  | { status: 'active'; session: LoadedSession }
) & { referenceVersion?: number; side?: string | null };

export type SignedInSession = LoadedSession & { user: SessionUser; activeRole: string };

export function idleWindowMs(remember: boolean, idleMinutes: number): number {
  return remember ? REMEMBER_DAYS * 24 * 60 * 60 * 1000 : idleMinutes * 60 * 1000;
}

/** The side reads met so far, by name: what each one's session statement carries. */
const sideReads = new Map<string, SQL>();

/**
 * Every signed-in request reads its session: one prepared statement per database handle (issue 13),
 * and one per route side read (named after it) that adds its column.
 */
const sessionStatement = preparedStatements((db, side: string) =>
  db
    .select({
      idHash: sessions.idHash,
      csrfToken: sessions.csrfToken,
      remember: sessions.remember,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      activeRole: sessions.activeRole,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      accountStatus: users.accountStatus,
      roles: sql<
        string[]
      >`coalesce((select array_agg(${qualified(roles.name)} order by ${qualified(roles.name)}) from ${userRoles} join ${roles} on ${qualified(roles.id)} = ${qualified(userRoles.roleId)} where ${qualified(userRoles.userId)} = ${qualified(users.id)}), '{}')`,
      // A guest's session has no active role: its permissions are not looked for (the subquery's
      // three scans are a third of a guest's session read on PGlite).
      permissions: sql<
        string[]
      >`case when ${qualified(sessions.activeRole)} is null then '{}' else coalesce((select array_agg(${qualified(permissions.name)}) from ${rolePermissions} join ${roles} on ${qualified(roles.id)} = ${qualified(rolePermissions.roleId)} join ${permissions} on ${qualified(permissions.id)} = ${qualified(rolePermissions.permissionId)} where ${qualified(roles.name)} = ${qualified(sessions.activeRole)}), '{}') end`,
      referenceVersion: referenceVersionColumn(),
      side: side === '' ? sql<null>`null` : sql<string | null>`(${sideReads.get(side)!})`,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .limit(1)
    .prepare(side === '' ? 'session_by_id_hash' : `session_by_id_hash_${side}`),
);

/**
 * Reads the session behind a cookie value, with the user, their roles and the active role's
 * permissions, and the route's side read with its input when there is one.
 */
export async function loadSession(
  db: Executor,
  cookieValue: string,
  now: Date,
  side?: { read: SessionSideRead; input: string | number },
): Promise<SessionState> {
  const idHash = hashToken(cookieValue);
  if (side && !sideReads.has(side.read.name)) sideReads.set(side.read.name, side.read.column);
  const rows = side
    ? await sessionStatement(db, side.read.name).execute({ idHash, side: side.input })
    : await sessionStatement(db, '').execute({ idHash });
  const row = rows[0];
  if (!row) return { status: 'none' };
  const user: SessionUser | null =
    row.userId === null
      ? null
      : {
          id: row.userId,
          email: row.email!,
          firstName: row.firstName,
          lastName: row.lastName,
          companyName: row.companyName,
          accountStatus: row.accountStatus!,
        };
  // A role taken away since sign-in no longer counts as active.
  const heldRoles = user ? row.roles : [];
  const activeRole = user && row.activeRole && heldRoles.includes(row.activeRole) ? row.activeRole : null;
  const session: LoadedSession = {
    idHash: row.idHash,
    csrfToken: row.csrfToken,
    remember: row.remember,
    expiresAt: row.expiresAt,
    lastSeenAt: row.lastSeenAt,
    user,
    activeRole,
    roles: heldRoles,
    permissions: withImpliedPermissions(activeRole ? row.permissions : []),
  };
  const referenceVersion = Number(row.referenceVersion);
  const answered = side ? row.side : undefined;
  if (row.expiresAt.getTime() <= now.getTime()) {
    return { status: 'expired', session, referenceVersion, side: answered };
  }
  // A suspended or closed account loses its sessions at once.
  if (user && user.accountStatus !== 'active') {
    return { status: 'expired', session, referenceVersion, side: answered };
  }
  return { status: 'active', session, referenceVersion, side: answered };
}

export type NewSession = { cookieValue: string; csrfToken: string; expiresAt: Date; remember: boolean };

export async function createSession(
  db: Executor,
  input: {
    userId: number | null;
    activeRole: string | null;
    remember: boolean;
    idleMinutes: number;
    now: Date;
    ip?: string | null;
    userAgent?: string | null;
    data?: Record<string, unknown>;
  },
): Promise<NewSession> {
  const cookieValue = randomToken();
  const csrfToken = randomToken();
  const expiresAt = new Date(input.now.getTime() + idleWindowMs(input.remember, input.idleMinutes));
  await db.insert(sessions).values({
    idHash: hashToken(cookieValue),
    userId: input.userId,
    activeRole: input.activeRole,
    csrfToken,
    remember: input.remember,
    data: input.data ?? {},
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt,
  });
  return { cookieValue, csrfToken, expiresAt, remember: input.remember };
}

/**
 * Slides the idle expiry forward. Written at most once a minute per session so busy pages do not
 * turn every read into a write.
 */
export async function touchSession(
  db: Executor,
  session: LoadedSession,
  idleMinutes: () => Promise<number>,
  now: Date,
): Promise<void> {
  if (now.getTime() - session.lastSeenAt.getTime() < 60_000) return;
  const window = idleWindowMs(session.remember, await idleMinutes());
  await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + window) })
    .where(eq(sessions.idHash, session.idHash));
}

export async function destroySession(db: Executor, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function destroyUserSessions(db: Executor, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Replaces a session by a new one with a new id and CSRF token (DECISIONS 26: sign-in and role
 * switch rotate both), carrying over what the old one held (a guest's data).
 */
export async function rotateSession(
  db: Executor,
  oldIdHash: string | null,
  input: Parameters<typeof createSession>[1],
): Promise<NewSession> {
  let data = input.data ?? {};
  if (oldIdHash) {
    const [old] = await db
      .select({ data: sessions.data })
      .from(sessions)
      .where(eq(sessions.idHash, oldIdHash));
    data = { ...(old?.data ?? {}), ...data };
    await destroySession(db, oldIdHash);
  }
  return createSession(db, { ...input, data });
}

/** Removes rows expired longer ago than the retention window. */
export async function purgeExpiredSessions(db: Executor, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - EXPIRED_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  await db.delete(sessions).where(and(lt(sessions.expiresAt, cutoff)));
}
