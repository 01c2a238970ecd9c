import { asc, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { files } from '../files';
import { saveSlider } from './save-slider';
import { sliders } from './sliders.tables';

const DEMO_SLIDES = [
  {
    name: 'Hero banner.jpg',
    title: 'Summer sale',
    description: 'Up to 30% off garden furniture.',
    link: '/register',
  },
  { name: 'Garden chair.png', title: 'Garden chairs', description: 'Made to last outdoors.', link: '/' },
  {
    name: 'Reading lamp.webp',
    title: 'Reading lamps',
    description: 'Warm light for long evenings.',
    link: '/',
  },
];

/** One active home slider with three slides of the demo library images, only when there are no sliders. */
export async function seedDemoSliders(ctx: AppContext, actor: Actor): Promise<void> {
  const [count] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(sliders);
  if ((count?.n ?? 0) > 0) return;
  const images = await ctx.db
    .select({ id: files.id, name: files.name })
    .from(files)
    .where(
      inArray(
        files.name,
        DEMO_SLIDES.map((s) => s.name),
      ),
    )
    .orderBy(asc(files.id));
  const slides = DEMO_SLIDES.flatMap((slide) => {
    const image = images.find((i) => i.name === slide.name);
    return image
      ? [{ title: slide.title, description: slide.description, link: slide.link, image_id: image.id }]
      : [];
  });
  if (slides.length === 0) return;
  await saveSlider(ctx, actor, null, {
    name: 'Home',
    description: 'The storefront home page',
    is_active: true,
    slides,
  });
}
