import { type AnyPgColumn, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { categories, products } from '../catalogue';

/**
 * spec 1 §3 Menu item (docs/decisions/0040): the storefront navigation. An item links to a typed
 * URL, a shop page, a category or a product; deleting the category or product leaves the item
 * without a target (hidden from the shop, flagged on the screen). Deleting an item deletes its
 * children (the screen says so before).
 */
export const menuItems = pgTable(
  'menu_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => menuItems.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    targetType: text('target_type').notNull(),
    url: text('url'),
    page: text('page'),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    order: integer('order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('menu_items_parent_order').on(t.parentId, t.order)],
);
