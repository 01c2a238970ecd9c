import { eq } from 'drizzle-orm';
import { REFERENCE_MESSAGES as M } from '../../../contracts/catalogue-reference';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockById } from '../../platform/db/row-locks';
import { conflict } from '../../platform/http/errors';
import { colors } from './catalogue.tables';
import { colorProductsCount } from './reference.queries';

/** DELETE /admin/colors/{id}: refused (409) while product variants carry the colour. */
export async function deleteColor(ctx: AppContext, actor: Actor, id: number) {
  return ctx.db.transaction(async (tx) => {
    const color = await lockById(tx, colors, id, M.colorNotFound);
    const [usage] = await tx.select({ n: colorProductsCount }).from(colors).where(eq(colors.id, id));
    if ((usage?.n ?? 0) > 0) throw conflict(M.inUse('colour', usage!.n));
    await tx.delete(colors).where(eq(colors.id, id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'color.deleted',
      subjectType: 'color',
      subjectId: id,
      data: { name: color.name, code: color.code },
      ip: actor.ip,
    });
    return { id, name: color.name };
  });
}
