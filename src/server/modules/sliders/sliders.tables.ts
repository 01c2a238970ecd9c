import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from '../files/files.tables';

/** spec 2 §3 Slider: a named set of slides; the storefront shows the first active one (home). */
export const sliders = pgTable('sliders', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A slide's image is a library file; deleting the file leaves the slide without an image. */
export const slides = pgTable(
  'slides',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    sliderId: integer('slider_id')
      .notNull()
      .references(() => sliders.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    link: text('link').notNull().default(''),
    imageId: integer('image_id').references(() => files.id, { onDelete: 'set null' }),
    order: integer('order').notNull().default(0),
  },
  (t) => [index('slides_slider_order').on(t.sliderId, t.order)],
);
