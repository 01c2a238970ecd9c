import { eq } from 'drizzle-orm';
import { type AttributeBody, REFERENCE_MESSAGES as M } from '../../../contracts/catalogue-reference';
import { changedFields } from '../../../domain/changed-fields';
import { fieldError } from '../../../domain/errors';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { lockById } from '../../platform/db/row-locks';
import { attributes } from './catalogue.tables';
import { findAttribute } from './reference.queries';
import { isTaken, withUniqueFields } from './reference-change';

/** POST /admin/attributes (id null) and PUT /admin/attributes/{id}: a unique name. */
export async function saveAttribute(ctx: AppContext, actor: Actor, id: number | null, input: AttributeBody) {
  const savedId = await withUniqueFields(() =>
    ctx.db.transaction(async (tx) => {
      const before = id === null ? null : await lockById(tx, attributes, id, M.attributeNotFound);
      if (await isTaken(tx, attributes, { id: attributes.id, text: attributes.name }, input.name, id)) {
        throw fieldError('name', M.nameTaken);
      }
      const values = { name: input.name, updatedAt: ctx.now() };
      if (before === null) {
        const [created] = await tx.insert(attributes).values(values).returning({ id: attributes.id });
        await audit(tx, {
          actorUserId: actor.userId,
          action: 'attribute.created',
          subjectType: 'attribute',
          subjectId: created!.id,
          data: { name: input.name },
          ip: actor.ip,
        });
        return created!.id;
      }
      await tx.update(attributes).set(values).where(eq(attributes.id, before.id));
      await audit(tx, {
        actorUserId: actor.userId,
        action: 'attribute.updated',
        subjectType: 'attribute',
        subjectId: before.id,
        data: changedFields({ name: before.name }, { name: input.name }),
        ip: actor.ip,
      });
      return before.id;
    }),
  );
  return (await findAttribute(ctx.db, savedId))!;
}
