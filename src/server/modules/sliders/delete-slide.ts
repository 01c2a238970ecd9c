import { eq } from 'drizzle-orm';
import { SLIDER_MESSAGES as M } from '../../../contracts/sliders';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { slides } from './sliders.tables';

/** DELETE /api/slides/{id} (spec 2 §7): one slide; the others keep their order. */
export async function deleteSlide(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(slides).where(eq(slides.id, id)).returning({ sliderId: slides.sliderId });
    if (!row) throw notFound(M.slideNotFound);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'slide.deleted',
      subjectType: 'slider',
      subjectId: String(row.sliderId),
      data: { slide_id: id },
      ip: actor.ip,
    });
  });
}
