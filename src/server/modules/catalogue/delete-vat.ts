import { eq } from 'drizzle-orm';
import { REFERENCE_MESSAGES as M } from '../../../contracts/catalogue-reference';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockById } from '../../platform/db/row-locks';
import { conflict } from '../../platform/http/errors';
import { vats } from './catalogue.tables';
import { vatProductsCount } from './reference.queries';

/** DELETE /admin/vats/{id}: refused (409) while products use the rate. */
export async function deleteVat(ctx: AppContext, actor: Actor, id: number) {
  return ctx.db.transaction(async (tx) => {
    const vat = await lockById(tx, vats, id, M.vatNotFound);
    const [usage] = await tx.select({ n: vatProductsCount }).from(vats).where(eq(vats.id, id));
    if ((usage?.n ?? 0) > 0) throw conflict(M.inUse('VAT rate', usage!.n));
    await tx.delete(vats).where(eq(vats.id, id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'vat.deleted',
      subjectType: 'vat',
      subjectId: id,
      data: {
        name: vat.name,
        type: vat.type,
        rate: Number(vat.rate),
        is_active: vat.isActive,
        is_default: vat.isDefault,
      },
      ip: actor.ip,
    });
    return { id, name: vat.name };
  });
}
