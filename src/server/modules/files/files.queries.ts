import { and, asc, desc, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { FileListQuery } from '../../../contracts/files';
import { DOCUMENT_EXTENSIONS, IMAGE_EXTENSIONS } from '../../../domain/files/file-rules';
import { type Paged, pageOf } from '../../../domain/paging/paging';
import type { Executor } from '../../platform/db/database';
import { likePattern } from '../../platform/http/paging';
import { files } from './files.tables';

export type FileRow = typeof files.$inferSelect;

/** Ids beyond the integer column's range cannot exist; asking PostgreSQL would be an error. */
const MAX_ID = 2_147_483_647;

export async function findFile(db: Executor, id: number): Promise<FileRow | null> {
  if (id > MAX_ID) return null;
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}

/** The files of these ids, in the order asked; unknown ids are left out. */
export async function findFiles(db: Executor, ids: readonly number[]): Promise<FileRow[]> {
  const wanted = ids.filter((id) => id <= MAX_ID);
  if (wanted.length === 0) return [];
  const rows = await db.select().from(files).where(inArray(files.id, wanted));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/** The row that owns a storage key, as the file itself or as its preview. */
export async function findByStorageKey(
  db: Executor,
  key: string,
): Promise<{ row: FileRow; isPreview: boolean } | null> {
  const [row] = await db
    .select()
    .from(files)
    .where(or(eq(files.path, key), eq(files.previewPath, key)))
    .limit(1);
  if (!row) return null;
  return { row, isPreview: row.path !== key };
}

function fileFilters(query: Pick<FileListQuery, 'context' | 'type' | 'search'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.context) conditions.push(eq(files.context, query.context));
  if (query.type === 'image') conditions.push(inArray(files.extension, IMAGE_EXTENSIONS));
  if (query.type === 'document') conditions.push(inArray(files.extension, DOCUMENT_EXTENSIONS));
  if (query.type === 'other') {
    conditions.push(notInArray(files.extension, [...IMAGE_EXTENSIONS, ...DOCUMENT_EXTENSIONS]));
  }
  if (query.search) conditions.push(sql`${files.name} ilike ${likePattern(query.search)}`);
  return conditions.length ? and(...conditions) : undefined;
}

const SORT_COLUMNS = { name: files.name, size: files.size, created_at: files.createdAt } as const;

/**
 * One page of the file library, filtered and sorted in SQL, with the count and the total size of
 * every matching file (spec 1 §7 Files) from one aggregate query.
 */
export async function listFiles(
  db: Executor,
  query: FileListQuery,
): Promise<{ page: Paged<FileRow>; totalSize: number }> {
  const where = fileFilters(query);
  const column = SORT_COLUMNS[query.sort_by];
  const order = [query.sort_order === 'asc' ? asc(column) : desc(column), desc(files.id)];
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(files)
      .where(where)
      .orderBy(...order)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({
        n: sql<number>`cast(count(*) as integer)`,
        size: sql<string>`coalesce(sum(${files.size}), 0)::bigint`,
      })
      .from(files)
      .where(where),
  ]);
  return {
    page: pageOf(rows as FileRow[], totals[0]?.n ?? 0, query.page, query.per_page),
    totalSize: Number(totals[0]?.size ?? 0),
  };
}
