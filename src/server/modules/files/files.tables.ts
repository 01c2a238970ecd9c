import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables';

/** The file library (spec 1 §3 File). `path` is the key in the storage; never a user-chosen name. */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    path: text('path').notNull(),
    previewPath: text('preview_path'),
    size: integer('size').notNull(),
    mimeType: text('mime_type').notNull(),
    extension: text('extension').notNull(),
    context: text('context').notNull().default('products'),
    width: integer('width'),
    height: integer('height'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_context_created').on(t.context, t.createdAt),
    index('files_created_at').on(t.createdAt),
    // Every /uploads request finds its file by key.
    uniqueIndex('files_path_unique').on(t.path),
    index('files_preview_path').on(t.previewPath),
  ],
);
