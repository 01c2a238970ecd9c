import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import type { TemplateKind } from './template-kinds';

/** DELETE {kind}/{id}: the template and one audit row; the screen asks first (spec 2 §4). */
export async function deleteTemplate<Row extends { id: number; name: string; type: string }>(
  ctx: AppContext,
  actor: Actor,
  kind: Pick<TemplateKind<Row, never, unknown>, 'subject' | 'messages' | 'remove' | 'deletedData'>,
  id: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const deleted = await kind.remove(tx, id);
    if (!deleted) throw notFound(kind.messages.notFound);
    await audit(tx, {
      actorUserId: actor.userId,
      action: `${kind.subject}.deleted`,
      subjectType: kind.subject,
      subjectId: id,
      data: kind.deletedData(deleted),
      ip: actor.ip,
    });
  });
}
