import { eq } from 'drizzle-orm';
import { SLIDER_MESSAGES as M } from '../../../contracts/sliders';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { sliders } from './sliders.tables';

/** DELETE /api/sliders/{id}: the slider and its slides; the library images stay. */
export async function deleteSlider(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(sliders).where(eq(sliders.id, id)).returning({ name: sliders.name });
    if (!row) throw notFound(M.notFound);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'slider.deleted',
      subjectType: 'slider',
      subjectId: String(id),
      data: { name: row.name },
      ip: actor.ip,
    });
  });
}
