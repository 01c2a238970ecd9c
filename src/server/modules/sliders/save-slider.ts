import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { SLIDER_MESSAGES as M, type SliderBody } from '../../../contracts/sliders';
import { type FieldErrors, validationError } from '../../../domain/errors';
import { isImageExtension } from '../../../domain/files/file-rules';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { files } from '../files';
import { sliders, slides } from './sliders.tables';

/**
 * POST /api/sliders, PUT /api/sliders/{id} (DECISIONS 14): the slider and its slides in the order
 * sent, in one transaction. Slides sent with their id are updated, new ones inserted, the slider's
 * other slides removed. Every image must be an image of the file library.
 */
export async function saveSlider(
  ctx: AppContext,
  actor: Actor,
  id: number | null,
  body: SliderBody,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const imageIds = [...new Set(body.slides.map((s) => s.image_id))];
    const found = imageIds.length
      ? await tx
          .select({ id: files.id, extension: files.extension })
          .from(files)
          .where(inArray(files.id, imageIds))
      : [];
    const images = new Set(found.filter((f) => isImageExtension(f.extension)).map((f) => f.id));
    const errors: FieldErrors = {};
    body.slides.forEach((slide, i) => {
      if (!images.has(slide.image_id)) errors[`slides.${i}.image_id`] = [M.image];
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);

    const now = ctx.now();
    let sliderId: number;
    if (id === null) {
      const [row] = await tx
        .insert(sliders)
        .values({
          name: body.name,
          description: body.description,
          isActive: body.is_active,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: sliders.id });
      sliderId = row!.id;
    } else {
      const [row] = await tx
        .update(sliders)
        .set({ name: body.name, description: body.description, isActive: body.is_active, updatedAt: now })
        .where(eq(sliders.id, id))
        .returning({ id: sliders.id });
      if (!row) throw notFound(M.notFound);
      sliderId = row.id;
    }

    const kept: number[] = [];
    for (const [order, slide] of body.slides.entries()) {
      const values = {
        title: slide.title,
        description: slide.description,
        link: slide.link,
        imageId: slide.image_id,
        order,
      };
      if (slide.id) {
        const [updated] = await tx
          .update(slides)
          .set(values)
          .where(and(eq(slides.id, slide.id), eq(slides.sliderId, sliderId)))
          .returning({ id: slides.id });
        if (updated) {
          kept.push(updated.id);
          continue;
        }
      }
      const [inserted] = await tx
        .insert(slides)
        .values({ ...values, sliderId })
        .returning({ id: slides.id });
      kept.push(inserted!.id);
    }
    await tx
      .delete(slides)
      .where(
        kept.length
          ? and(eq(slides.sliderId, sliderId), notInArray(slides.id, kept))
          : eq(slides.sliderId, sliderId),
      );

    await audit(tx, {
      actorUserId: actor.userId,
      action: id === null ? 'slider.created' : 'slider.updated',
      subjectType: 'slider',
      subjectId: String(sliderId),
      data: { name: body.name, is_active: body.is_active, slides: kept },
      ip: actor.ip,
    });
    return sliderId;
  });
}
