import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type ContactBody, CONTACT_MESSAGES as M } from '../../../contracts/contact';
import type { AppContext } from '../../platform/context';
import { enforceRateLimits, type RateLimit } from '../../platform/http/rate-limit';
import { defineJob } from '../../platform/jobs/job-queue';
import { shopMailRecipients } from '../../platform/mail/shop-recipients';
import { contactMessages } from './contact.tables';

/** Per visitor's IP (docs/decisions/0055): a person writes a few; a script writing more waits. */
export const CONTACT_LIMITS: { minute: RateLimit; hour: RateLimit } = {
  minute: { limit: 3, windowSeconds: 60 },
  hour: { limit: 10, windowSeconds: 60 * 60 },
};

/**
 * The e-mail of a contact message to the shop (docs/decisions/0046: never inside the request). The
 * payload names the stored message; one deleted before the job runs is not sent.
 */
export const contactMessageMail = defineJob<{ id: number }>({
  name: 'contact.message-mail',
  async run(ctx, { id }) {
    const [row] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
    if (!row) return;
    const lines = [
      `${row.name} wrote through the contact form:`,
      '',
      row.message,
      '',
      `Name: ${row.name}`,
      `Email: ${row.email}`,
      `Phone: ${row.phone ?? '—'}`,
      `Sent: ${row.createdAt.toISOString()}`,
      '',
      `Answer by replying to this e-mail, or read it in the back office: ${ctx.config.publicUrl}/admin/contact-messages`,
    ];
    for (const to of await shopMailRecipients(ctx.db)) {
      await ctx.mailer.send({
        to,
        replyTo: row.email,
        subject: `Contact message from ${row.name}`,
        text: lines.join('\n'),
      });
    }
  },
});

/**
 * POST /contact (spec 3 §7): the message is stored and its e-mail queued in one transaction, after
 * the rate limit of the visitor's IP (429 with how long to wait).
 */
export async function sendContactMessage(
  ctx: AppContext,
  req: FastifyRequest,
  input: ContactBody,
): Promise<number> {
  const now = ctx.now();
  await enforceRateLimits(
    ctx.rateLimits,
    [
      { key: `contact:ip:${req.ip}:minute`, rule: CONTACT_LIMITS.minute },
      { key: `contact:ip:${req.ip}:hour`, rule: CONTACT_LIMITS.hour },
    ],
    now,
    M.throttled,
  );
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        message: input.message,
        ip: req.ip,
        createdAt: now,
      })
      .returning({ id: contactMessages.id });
    await contactMessageMail.enqueue(tx, { id: row!.id }, now);
    return row!.id;
  });
}
