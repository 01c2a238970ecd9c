import { eq } from 'drizzle-orm';
import { CONTACT_MESSAGES as M } from '../../../contracts/contact';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import type { ContactMessageRow } from './contact.queries';
import { contactMessages } from './contact.tables';

/** PATCH /api/contact-messages/{id}: read (keeps the first read time) or unread again. */
export async function markContactMessage(
  ctx: AppContext,
  id: number,
  isRead: boolean,
): Promise<ContactMessageRow> {
  const [current] = await ctx.db
    .select({ readAt: contactMessages.readAt })
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .limit(1);
  if (!current) throw notFound(M.notFound);
  const readAt = isRead ? (current.readAt ?? ctx.now()) : null;
  const [row] = await ctx.db
    .update(contactMessages)
    .set({ readAt })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) throw notFound(M.notFound);
  return row;
}

/** DELETE /api/contact-messages/{id}: gone for good, with an audit row of who deleted whose message. */
export async function deleteContactMessage(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(contactMessages)
      .where(eq(contactMessages.id, id))
      .returning({ email: contactMessages.email });
    if (!row) throw notFound(M.notFound);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'contact_message.deleted',
      subjectType: 'contact_message',
      subjectId: String(id),
      data: { email: row.email },
      ip: actor.ip,
    });
  });
}
