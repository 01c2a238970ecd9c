import { and, eq, ne, sql } from 'drizzle-orm';
import {
  ICON_EXTENSIONS,
  PAYMENT_METHOD_MESSAGES as M,
  type PaymentMethodBody,
} from '../../../contracts/shop-setup';
import { fieldError } from '../../../domain/errors';
import { mergeConfiguration } from '../../../domain/payments/configuration-secrets';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { type ImageUpload, storeImage } from '../files';
import { findPaymentMethod } from './shop-setup.queries';
import { paymentMethods } from './shop-setup.tables';

/**
 * POST /api/payment-methods (id null) and POST /api/payment-methods/{id} with _method=PUT
 * (spec 2 §3, §7): code unique (made from the name when blank), a new method goes last, the icon
 * goes to the file library, and a secret sent blank keeps its stored value (docs/decisions/0023).
 */
export async function savePaymentMethod(
  ctx: AppContext,
  actor: Actor,
  id: number | null,
  input: PaymentMethodBody,
  icon: ImageUpload | null,
) {
  let discardIcon: (() => Promise<void>) | null = null;
  try {
    const savedId = await ctx.db.transaction(async (tx) => {
      const [before] =
        id === null
          ? [null]
          : await tx.select().from(paymentMethods).where(eq(paymentMethods.id, id)).for('update');
      if (before === undefined) throw notFound(M.notFound);

      const [clash] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.code, input.code), id === null ? undefined : ne(paymentMethods.id, id)))
        .limit(1);
      if (clash) throw fieldError(input.code_from_name ? 'name' : 'code', M.codeTaken);

      let iconFileId = before?.iconFileId ?? null;
      if (icon) {
        const stored = await storeImage(ctx, tx, icon, {
          field: 'icon',
          context: 'payment-methods',
          allowed: ICON_EXTENSIONS,
          messages: { type: M.iconType, unreadable: M.iconUnreadable },
          actorUserId: actor.userId,
        });
        discardIcon = stored.discard;
        iconFileId = stored.row.id;
      } else if (input.remove_icon) {
        iconFileId = null;
      }

      const configuration = mergeConfiguration(before?.configuration ?? {}, input.configuration);
      let displayOrder = input.display_order ?? before?.displayOrder;
      if (displayOrder === undefined) {
        const [last] = await tx
          .select({ max: sql<number | null>`max(${paymentMethods.displayOrder})` })
          .from(paymentMethods);
        displayOrder = last?.max == null ? 1 : Number(last.max) + 1;
      }
      const values = {
        name: input.name,
        code: input.code,
        description: input.description ?? null,
        instructions: input.instructions ?? null,
        status: input.status,
        displayOrder,
        iconFileId,
        configuration,
        updatedAt: ctx.now(),
      };
      const [saved] = before
        ? await tx.update(paymentMethods).set(values).where(eq(paymentMethods.id, before.id)).returning()
        : await tx.insert(paymentMethods).values(values).returning();
      // Secrets never reach the audit trail: only the configuration's names are recorded.
      await audit(tx, {
        actorUserId: actor.userId,
        action: before ? 'payment_method.updated' : 'payment_method.created',
        subjectType: 'payment_method',
        subjectId: saved!.id,
        data: {
          name: saved!.name,
          code: saved!.code,
          status: saved!.status,
          display_order: saved!.displayOrder,
          icon_file_id: saved!.iconFileId,
          configuration_keys: Object.keys(configuration),
        },
        ip: actor.ip,
      });
      return saved!.id;
    });
    return (await findPaymentMethod(ctx.db, savedId))!;
  } catch (error) {
    await (discardIcon as (() => Promise<void>) | null)?.();
    throw error;
  }
}
