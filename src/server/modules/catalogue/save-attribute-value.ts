import { and, eq } from 'drizzle-orm';
import { type AttributeValueBody, REFERENCE_MESSAGES as M } from '../../../contracts/catalogue-reference';
import { changedFields } from '../../../domain/changed-fields';
import { fieldError } from '../../../domain/errors';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import { attributes, attributeValues } from './catalogue.tables';
import { findAttributeValue } from './reference.queries';
import { isTaken, withUniqueFields } from './reference-change';

/** The attribute must exist; a key-share lock keeps it from being deleted under this save. */
async function attributeOf(tx: Tx, attributeId: number) {
  const [attribute] = await tx
    .select({ id: attributes.id, name: attributes.name })
    .from(attributes)
    .where(eq(attributes.id, attributeId))
    .for('key share');
  if (!attribute) throw notFound(M.attributeNotFound);
  return attribute;
}

async function lockValue(tx: Tx, attributeId: number, id: number) {
  const [row] = await tx
    .select()
    .from(attributeValues)
    .where(and(eq(attributeValues.id, id), eq(attributeValues.attributeId, attributeId)))
    .for('update');
  if (!row) throw notFound(M.attributeValueNotFound);
  return row;
}

/**
 * spec 3 §7: POST /admin/attributes/{id}/values (valueId null) and PUT
 * /admin/attributes/{id}/values/{valueId}. The value is unique within its attribute, ignoring case.
 */
export async function saveAttributeValue(
  ctx: AppContext,
  actor: Actor,
  attributeId: number,
  valueId: number | null,
  input: AttributeValueBody,
) {
  const savedId = await withUniqueFields(() =>
    ctx.db.transaction(async (tx) => {
      const attribute = await attributeOf(tx, attributeId);
      const before = valueId === null ? null : await lockValue(tx, attributeId, valueId);
      // The body's ids (spec 3 §7 "body id, value, attribute_id") must name what the path names.
      if (input.attribute_id !== undefined && input.attribute_id !== attributeId) {
        throw fieldError('attribute_id', M.valueOfOtherAttribute);
      }
      if (input.id !== undefined && input.id !== valueId) throw fieldError('id', M.valueIdMismatch);
      const sameAttribute = eq(attributeValues.attributeId, attributeId);
      const taken = await isTaken(
        tx,
        attributeValues,
        { id: attributeValues.id, text: attributeValues.value },
        input.value,
        valueId,
        sameAttribute,
      );
      if (taken) throw fieldError('value', M.valueTaken);

      const fields = {
        value: input.value,
        color_code: input.color_code ?? null,
        sort_order: input.sort_order,
      };
      const values = {
        value: fields.value,
        colorCode: fields.color_code,
        sortOrder: fields.sort_order,
        updatedAt: ctx.now(),
      };
      if (before === null) {
        const [created] = await tx
          .insert(attributeValues)
          .values({ ...values, attributeId })
          .returning({ id: attributeValues.id });
        await audit(tx, {
          actorUserId: actor.userId,
          action: 'attribute_value.created',
          subjectType: 'attribute_value',
          subjectId: created!.id,
          data: { attribute: attribute.name, ...fields },
          ip: actor.ip,
        });
        return created!.id;
      }
      await tx.update(attributeValues).set(values).where(eq(attributeValues.id, before.id));
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'attribute_value.updated',
        subjectType: 'attribute_value',
        subjectId: before.id,
        data: {
          attribute: attribute.name,
          ...changedFields(
            { value: before.value, color_code: before.colorCode, sort_order: before.sortOrder },
            fields,
          ),
        },
        ip: actor.ip,
      });
      return before.id;
    }),
  );
  return (await findAttributeValue(ctx.db, attributeId, savedId))!;
}
