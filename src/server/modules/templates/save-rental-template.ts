import { and, eq, ne, sql } from 'drizzle-orm';
import { RENTAL_TEMPLATE_MESSAGES as M, type RentalTemplateBody } from '../../../contracts/rental-templates';
import { validationError } from '../../../domain/errors';
import { placeholdersIn } from '../../../domain/templates/render-template';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/database';
import { sanitizeTemplateHtml } from '../../platform/html/sanitize-html';
import { notFound } from '../../platform/http/errors';
import { rentalTemplates } from './templates.tables';

/**
 * Makes room for a new default of a type: the others of that type stop being the default. The
 * advisory lock (per type) makes two concurrent "make default" saves take turns, so the second
 * clears the first instead of tripping the one-default index.
 */
export async function clearOtherDefaults(tx: Executor, type: string, keepId: number | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rental_template_default:${type}`}))`);
  await tx
    .update(rentalTemplates)
    .set({ isDefault: false })
    .where(
      and(
        eq(rentalTemplates.type, type),
        eq(rentalTemplates.isDefault, true),
        keepId === null ? undefined : ne(rentalTemplates.id, keepId),
      ),
    );
}

/**
 * POST /api/rental-templates (id null) and PUT /api/rental-templates/{id}: the content is sanitised,
 * the variables are the placeholders it uses, and making one the default of its type clears the
 * others in the same transaction (docs/decisions/0028).
 */
export async function saveRentalTemplate(
  ctx: AppContext,
  actor: Actor,
  id: number | null,
  input: RentalTemplateBody,
) {
  const content = sanitizeTemplateHtml(input.content);
  if (!content) throw validationError({ content: [M.contentEmpty] });
  return ctx.db.transaction(async (tx) => {
    if (id !== null) {
      const [existing] = await tx
        .select({ id: rentalTemplates.id })
        .from(rentalTemplates)
        .where(eq(rentalTemplates.id, id))
        .for('update');
      if (!existing) throw notFound(M.notFound);
    }
    if (input.is_default) await clearOtherDefaults(tx, input.type, id);
    const values = {
      name: input.name,
      content,
      type: input.type,
      variables: placeholdersIn(content),
      status: input.status,
      isDefault: input.is_default,
      updatedAt: ctx.now(),
    };
    const [saved] =
      id === null
        ? await tx.insert(rentalTemplates).values(values).returning()
        : await tx.update(rentalTemplates).set(values).where(eq(rentalTemplates.id, id)).returning();
    if (!saved) throw notFound(M.notFound);
    await audit(tx, {
      actorUserId: actor.userId,
      action: id === null ? 'rental_template.created' : 'rental_template.updated',
      subjectType: 'rental_template',
      subjectId: saved.id,
      data: { name: saved.name, type: saved.type, status: saved.status, is_default: saved.isDefault },
      ip: actor.ip,
    });
    return saved;
  });
}
