import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ACCESS_LOG_PER_PAGE, type AccessLogQuery } from '../../../contracts/patients';
import type { Paged } from '../../../domain/paging/paging';
import { users } from '../../platform/auth/auth.tables';
import type { Executor } from '../../platform/db/database';
import { paged } from '../../platform/http/paging';
import { patientRecordAccess } from './patients.tables';

const reader = alias(users, 'access_reader');
const patient = alias(users, 'access_patient');

export type AccessLogRow = typeof patientRecordAccess.$inferSelect & {
  userFirst: string | null;
  userLast: string | null;
  userEmail: string | null;
  patientFirst: string | null;
  patientLast: string | null;
  patientEmail: string | null;
};

/**
 * The access log, newest first, 25 a page in SQL, filtered by patient and by user (each filter
 * has its index). Counted exactly: the log grows on reads, so it keeps no row_counts entry, whose
 * update would be a second table written by a GET.
 */
export function accessLogPage(db: Executor, query: AccessLogQuery): Promise<Paged<AccessLogRow>> {
  const where = and(
    query.patient_id === undefined ? undefined : eq(patientRecordAccess.patientId, query.patient_id),
    query.user_id === undefined ? undefined : eq(patientRecordAccess.userId, query.user_id),
  );
  return paged(
    query.page,
    ACCESS_LOG_PER_PAGE,
    (limit, offset) =>
      db
        .select({
          id: patientRecordAccess.id,
          userId: patientRecordAccess.userId,
          patientId: patientRecordAccess.patientId,
          recordKind: patientRecordAccess.recordKind,
          recordId: patientRecordAccess.recordId,
          action: patientRecordAccess.action,
          source: patientRecordAccess.source,
          ip: patientRecordAccess.ip,
          createdAt: patientRecordAccess.createdAt,
          userFirst: reader.firstName,
          userLast: reader.lastName,
          userEmail: reader.email,
          patientFirst: patient.firstName,
          patientLast: patient.lastName,
          patientEmail: patient.email,
        })
        .from(patientRecordAccess)
        .leftJoin(reader, eq(reader.id, patientRecordAccess.userId))
        .leftJoin(patient, eq(patient.id, patientRecordAccess.patientId))
        .where(where)
        .orderBy(desc(patientRecordAccess.createdAt), desc(patientRecordAccess.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [row] = await db.select({ n: count() }).from(patientRecordAccess).where(where);
      return row?.n ?? 0;
    },
  );
}
