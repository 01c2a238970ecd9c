import { and, eq } from 'drizzle-orm';
import { REFERENCE_MESSAGES as M } from '../../../contracts/catalogue-reference';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/http/errors';
import { attributes, attributeValues } from './catalogue.tables';
import { attributeValueProductsCount } from './reference.queries';

/** spec 3 §7 DELETE /admin/attributes/{id}/values/{valueId}: refused (409) while variants hold it. */
export async function deleteAttributeValue(
  ctx: AppContext,
  actor: Actor,
  attributeId: number,
  valueId: number,
) {
  return ctx.db.transaction(async (tx) => {
    const [attribute] = await tx
      .select({ name: attributes.name })
      .from(attributes)
      .where(eq(attributes.id, attributeId))
      .for('key share');
    if (!attribute) throw notFound(M.attributeNotFound);
    const where = and(eq(attributeValues.id, valueId), eq(attributeValues.attributeId, attributeId));
    const [value] = await tx.select().from(attributeValues).where(where).for('update');
    if (!value) throw notFound(M.attributeValueNotFound);
    const [usage] = await tx.select({ n: attributeValueProductsCount }).from(attributeValues).where(where);
    if ((usage?.n ?? 0) > 0) throw conflict(M.inUse('value', usage!.n));
    await tx.delete(attributeValues).where(where);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'attribute_value.deleted',
      subjectType: 'attribute_value',
      subjectId: valueId,
      data: { attribute: attribute.name, value: value.value, color_code: value.colorCode },
      ip: actor.ip,
    });
    return { id: valueId, name: value.value };
  });
}
