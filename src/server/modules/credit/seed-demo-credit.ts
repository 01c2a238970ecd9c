import { eq } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables';
import type { AppContext } from '../../platform/context';
import { creditAccounts, creditRequests, creditTransactions } from './credit.tables';

const DAY = 86_400_000;

/**
 * Demo partner credit for `npm start` (issue 15): partner@demo.test gets an active account with a
 * 5,000.00 limit, three transactions leaving 3,300.00, and one pending credit request. Only while
 * the partner has no account.
 */
export async function seedDemoCredit(ctx: AppContext, actor: { userId: number | null }) {
  const [partner] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'partner@demo.test'))
    .limit(1);
  if (!partner) return false;
  const now = ctx.now().getTime();
  return ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .insert(creditAccounts)
      .values({ userId: partner.id, creditLimit: '5000.00', currentBalance: '3300.00', status: 'active' })
      .onConflictDoNothing()
      .returning();
    if (!account) return false;
    const rows = [
      { type: 'credit_added', amount: '2000.00', balanceAfter: '2000.00', note: 'Opening credit', days: 30 },
      { type: 'credit_added', amount: '1500.00', balanceAfter: '3500.00', note: 'Seasonal top-up', days: 12 },
      { type: 'credit_removed', amount: '200.00', balanceAfter: '3300.00', note: 'Correction', days: 3 },
    ];
    await tx.insert(creditTransactions).values(
      rows.map((r) => ({
        creditAccountId: account.id,
        type: r.type,
        amount: r.amount,
        balanceAfter: r.balanceAfter,
        note: r.note,
        createdBy: actor.userId,
        createdAt: new Date(now - r.days * DAY),
      })),
    );
    await tx.insert(creditRequests).values({
      userId: partner.id,
      amount: '2500.00',
      businessJustification: 'Stocking up for the holiday season.',
      contactPhone: '+230 5250 0003',
      createdAt: new Date(now - DAY),
    });
    return true;
  });
}
