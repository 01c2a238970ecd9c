import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { SlideReply, SliderReply } from '../../../contracts/sliders';
import type { Executor } from '../../platform/db/database';
import type { Storage } from '../../platform/files/storage';
import { files } from '../files';
import { sliders, slides } from './sliders.tables';

type SliderRow = typeof sliders.$inferSelect;

/** Sliders with their ordered slides and image URLs, in two queries (no N+1). */
async function withSlides(
  db: Executor,
  rows: SliderRow[],
  storage: Pick<Storage, 'url'>,
): Promise<SliderReply[]> {
  if (rows.length === 0) return [];
  const slideRows = await db
    .select({ slide: slides, path: files.path })
    .from(slides)
    .leftJoin(files, eq(files.id, slides.imageId))
    .where(
      inArray(
        slides.sliderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(slides.order), asc(slides.id));
  return rows.map((row) => {
    const own: SlideReply[] = slideRows
      .filter((s) => s.slide.sliderId === row.id)
      .map(({ slide, path }) => ({
        id: slide.id,
        title: slide.title,
        description: slide.description,
        link: slide.link,
        image_id: slide.imageId,
        image_path: path ? storage.url(path) : null,
        order: slide.order,
      }));
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      is_active: row.isActive,
      slides: own,
      slides_count: own.length,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

export async function listSliders(db: Executor, storage: Pick<Storage, 'url'>): Promise<SliderReply[]> {
  return withSlides(db, await db.select().from(sliders).orderBy(desc(sliders.id)), storage);
}

export async function findSlider(
  db: Executor,
  id: number,
  storage: Pick<Storage, 'url'>,
): Promise<SliderReply | null> {
  const rows = await db.select().from(sliders).where(eq(sliders.id, id)).limit(1);
  return (await withSlides(db, rows, storage))[0] ?? null;
}

/** The storefront's home slider: the oldest active slider (docs/decisions/0027). */
export async function activeHomeSlider(
  db: Executor,
  storage: Pick<Storage, 'url'>,
): Promise<SliderReply | null> {
  const rows = await db
    .select()
    .from(sliders)
    .where(eq(sliders.isActive, true))
    .orderBy(asc(sliders.id))
    .limit(1);
  return (await withSlides(db, rows, storage))[0] ?? null;
}
