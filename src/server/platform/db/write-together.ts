import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from './database';

/**
 * Writes whose results nothing reads, sent as one statement (docs/decisions/0113): each but the last
 * a data-modifying `with` of the last, so a use case's closing writes cost one round trip instead
 * of one each. They run with one snapshot and none sees another's rows: they must write different
 * tables, and none may depend on another's effect. The first to fail fails them all.
 */
export async function writeTogether(db: Executor, writes: readonly SQLWrapper[]): Promise<void> {
  const last = writes.at(-1);
  if (!last) return;
  const before = writes
    .slice(0, -1)
    .map((w, index) => sql`${sql.identifier(`write_${index}`)} as (${w.getSQL()})`);
  await db.execute(
    before.length > 0 ? sql`with ${sql.join(before, sql`, `)} ${last.getSQL()}` : last.getSQL(),
  );
}
