import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { contactMessages } from './contact.tables';

/** Two visitors' messages for the admin list, one already read; only when there are none. No e-mail. */
export async function seedDemoContactMessages(ctx: AppContext): Promise<void> {
  const [existing] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
  if ((existing?.n ?? 0) > 0) return;
  const now = ctx.now().getTime();
  const hoursAgo = (h: number) => new Date(now - h * 60 * 60 * 1000);
  await ctx.db.insert(contactMessages).values([
    {
      name: 'Maya Ramdin',
      email: 'maya.ramdin@example.test',
      phone: '+230 5250 1234',
      message:
        'Hello, do you deliver garden chairs to Curepipe? I would like four of them before the end of the month.',
      readAt: hoursAgo(20),
      createdAt: hoursAgo(26),
    },
    {
      name: 'Jonas Keller',
      email: 'jonas.keller@example.test',
      phone: null,
      message: 'Is the brass reading lamp available with a warm white bulb? Thank you!',
      createdAt: hoursAgo(2),
    },
  ]);
}
