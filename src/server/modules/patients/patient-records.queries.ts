import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { RECORD_TYPES, type RecordKind, type RecordsListQuery } from '../../../contracts/patients';
import type { Executor } from '../../platform/db/database';
import { likePattern, paged } from '../../platform/http/paging';
import { patientRecords } from './patients.tables';

export type PatientRecordRow = typeof patientRecords.$inferSelect;

/** Newest first: the record's date (undated ones last), a vital's time of day, then the newest id. */
const newestFirst = [
  sql`${patientRecords.recordDate} desc nulls last`,
  sql`${patientRecords.recordTime} desc nulls last`,
  desc(patientRecords.id),
];

/**
 * One page of a patient's records of one kind in SQL (spec 3 §9 page sizes), searched in the
 * record's name, filtered on the kind's filter. Per patient and kind, so counted exactly.
 */
export async function listRecords(
  db: Executor,
  kind: RecordKind,
  patientId: number,
  query: RecordsListQuery,
) {
  const where: SQL | undefined = and(
    eq(patientRecords.patientId, patientId),
    eq(patientRecords.kind, kind),
    query.search ? sql`${patientRecords.title} ilike ${likePattern(query.search)}` : undefined,
    query.filter ? eq(patientRecords.category, query.filter) : undefined,
  );
  return paged(
    query.page,
    query.per_page,
    (limit, offset) =>
      db
        .select()
        .from(patientRecords)
        .where(where)
        .orderBy(...newestFirst)
        .limit(limit)
        .offset(offset),
    async () =>
      (await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(patientRecords).where(where))[0]
        ?.n ?? 0,
  );
}

/** A record of this kind, whoever's it is (the caller checks it is the patient's). */
export async function findRecord(
  db: Executor,
  kind: RecordKind,
  id: number,
): Promise<PatientRecordRow | null> {
  const [row] = await db
    .select()
    .from(patientRecords)
    .where(and(eq(patientRecords.id, id), eq(patientRecords.kind, kind)))
    .limit(1);
  return row ?? null;
}

/** The patient area (DECISIONS 23): the newest `limit` records of each kind of one patient. */
export async function ownRecords(
  db: Executor,
  patientId: number,
  limit: number,
): Promise<Record<RecordKind, PatientRecordRow[]>> {
  const kinds = Object.keys(RECORD_TYPES) as RecordKind[];
  const lists = await Promise.all(
    kinds.map((kind) =>
      db
        .select()
        .from(patientRecords)
        .where(and(eq(patientRecords.patientId, patientId), eq(patientRecords.kind, kind)))
        .orderBy(...newestFirst)
        .limit(limit),
    ),
  );
  return Object.fromEntries(kinds.map((kind, i) => [kind, lists[i] ?? []])) as Record<
    RecordKind,
    PatientRecordRow[]
  >;
}
