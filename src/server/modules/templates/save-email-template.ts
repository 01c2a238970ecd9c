import { and, eq, ne } from 'drizzle-orm';
import { type EmailTemplateBody, EMAIL_TEMPLATE_MESSAGES as M } from '../../../contracts/email-templates';
import { validationError } from '../../../domain/errors';
import { placeholdersIn } from '../../../domain/templates/render-template';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db/database-errors';
import { sanitizeTemplateHtml } from '../../platform/html/sanitize-html';
import { notFound } from '../../platform/http/errors';
import { emailTemplates } from './templates.tables';

/**
 * POST /api/email-management/templates (id null) and PUT .../templates/{id}: the body is sanitised
 * before it is stored, the variables are the placeholders the subject and body use, and a slug
 * another template holds answers 422 on the slug field (docs/decisions/0028).
 */
export async function saveEmailTemplate(
  ctx: AppContext,
  actor: Actor,
  id: number | null,
  input: EmailTemplateBody,
) {
  const body = sanitizeTemplateHtml(input.body);
  if (!body) throw validationError({ body: [M.bodyEmpty] });
  try {
    return await saveChecked(ctx, actor, id, input, body);
  } catch (error) {
    // Two saves of the same new slug at once: the unique index has the last word.
    if (isUniqueViolation(error, 'email_templates_slug')) throw validationError({ slug: [M.slugTaken] });
    throw error;
  }
}

async function saveChecked(
  ctx: AppContext,
  actor: Actor,
  id: number | null,
  input: EmailTemplateBody,
  body: string,
) {
  return ctx.db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: emailTemplates.id })
      .from(emailTemplates)
      .where(and(eq(emailTemplates.slug, input.slug), id === null ? undefined : ne(emailTemplates.id, id)))
      .limit(1);
    if (taken) throw validationError({ slug: [M.slugTaken] });
    const values = {
      name: input.name,
      subject: input.subject,
      body,
      type: input.type,
      variables: placeholdersIn(input.subject, body),
      status: input.status,
      slug: input.slug,
      context: input.context ?? null,
      updatedAt: ctx.now(),
    };
    const [saved] =
      id === null
        ? await tx.insert(emailTemplates).values(values).returning()
        : await tx.update(emailTemplates).set(values).where(eq(emailTemplates.id, id)).returning();
    if (!saved) throw notFound(M.notFound);
    await audit(tx, {
      actorUserId: actor.userId,
      action: id === null ? 'email_template.created' : 'email_template.updated',
      subjectType: 'email_template',
      subjectId: saved.id,
      data: {
        name: saved.name,
        slug: saved.slug,
        type: saved.type,
        status: saved.status,
        was_sanitised: body !== input.body.trim(),
      },
      ip: actor.ip,
    });
    return saved;
  });
}
