import { asc, eq } from 'drizzle-orm';
import { REFERENCE_MESSAGES as M } from '../../../contracts/catalogue-reference';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockById } from '../../platform/db/row-locks';
import { conflict } from '../../platform/http/errors';
import { attributes, attributeValues } from './catalogue.tables';
import { attributeProductsCount } from './reference.queries';

/**
 * DELETE /admin/attributes/{id}, with its values: refused (409) while product variants hold any
 * of them. The values are locked too, since a variant refers to a value, not to the attribute.
 */
export async function deleteAttribute(ctx: AppContext, actor: Actor, id: number) {
  return ctx.db.transaction(async (tx) => {
    const attribute = await lockById(tx, attributes, id, M.attributeNotFound);
    const values = await tx
      .select({ value: attributeValues.value })
      .from(attributeValues)
      .where(eq(attributeValues.attributeId, id))
      .orderBy(asc(attributeValues.sortOrder), asc(attributeValues.value))
      .for('update');
    const [usage] = await tx
      .select({ n: attributeProductsCount })
      .from(attributes)
      .where(eq(attributes.id, id));
    if ((usage?.n ?? 0) > 0) throw conflict(M.inUse('attribute', usage!.n));
    await tx.delete(attributes).where(eq(attributes.id, id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'attribute.deleted',
      subjectType: 'attribute',
      subjectId: id,
      data: { name: attribute.name, values: values.map((v) => v.value) },
      ip: actor.ip,
    });
    return { id, name: attribute.name };
  });
}
