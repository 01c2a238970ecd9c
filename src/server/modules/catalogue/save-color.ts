import { eq } from 'drizzle-orm';
import { type ColorBody, REFERENCE_MESSAGES as M } from '../../../contracts/catalogue-reference';
import { changedFields } from '../../../domain/changed-fields';
import { fieldError } from '../../../domain/errors';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockById } from '../../platform/db/row-locks';
import { colors } from './catalogue.tables';
import { findColor } from './reference.queries';
import { isTaken, withUniqueFields } from './reference-change';

/** POST /admin/colors (id null) and PUT /admin/colors/{id}: a unique name and a #rrggbb code. */
export async function saveColor(ctx: AppContext, actor: Actor, id: number | null, input: ColorBody) {
  const savedId = await withUniqueFields(() =>
    ctx.db.transaction(async (tx) => {
      const before = id === null ? null : await lockById(tx, colors, id, M.colorNotFound);
      if (await isTaken(tx, colors, { id: colors.id, text: colors.name }, input.name, id)) {
        throw fieldError('name', M.nameTaken);
      }
      const fields = { name: input.name, code: input.code };
      const values = { ...fields, updatedAt: ctx.now() };
      if (before === null) {
        const [created] = await tx.insert(colors).values(values).returning({ id: colors.id });
        await audit(tx, {
          actorUserId: actor.userId,
          action: 'color.created',
          subjectType: 'color',
          subjectId: created!.id,
          data: fields,
          ip: actor.ip,
        });
        return created!.id;
      }
      await tx.update(colors).set(values).where(eq(colors.id, before.id));
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'color.updated',
        subjectType: 'color',
        subjectId: before.id,
        data: changedFields({ name: before.name, code: before.code }, fields),
        ip: actor.ip,
      });
      return before.id;
    }),
  );
  return (await findColor(ctx.db, savedId))!;
}
