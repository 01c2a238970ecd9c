import type { PendingStatsReply } from '../../../contracts/dashboard';
import type { AppContext } from '../../platform/context';
import { newestPendingUsers, pendingCounts } from './dashboard.queries';

/** GET /api/users/pending-stats (spec 3 §3, §7): counts and the newest pending users. */
export async function pendingStats(ctx: AppContext): Promise<PendingStatsReply['data']> {
  const [counts, rows] = await Promise.all([pendingCounts(ctx.db, ctx.now()), newestPendingUsers(ctx.db)]);
  return {
    pending_count: counts.pending,
    recent_pending_count: counts.recent,
    pending_users: rows.map((u) => ({
      id: u.id,
      full_name: [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.companyName || u.email,
      email: u.email,
      roles: u.roles,
      created_at: u.createdAt.toISOString(),
    })),
  };
}
