import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables';

/**
 * A patient's medical records (spec 3 §3 "Patient records"; docs/decisions/0063): medications,
 * health vitals, allergies, surgeries and hospitalizations in one table. The fields of a record are
 * its validated form (`details`, as spec 3 names them); what the lists search, filter and order by
 * is kept beside them in columns: `title` (the record's name, or a vital's type), `category` (the
 * list's filter: a status, a vital's type, a surgery's outcome) and `record_date`.
 */
export const patientRecords = pgTable(
  'patient_records',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    category: text('category'),
    recordDate: date('record_date', { mode: 'string' }),
    /** A vital's time of day ("09:30"), ordering readings of one day. */
    recordTime: text('record_time'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('patient_records_list').on(t.patientId, t.kind, t.recordDate, t.id),
    check(
      'patient_records_kind',
      sql`${t.kind} in ('medications', 'health_vitals', 'allergies', 'surgeries', 'hospitalizations')`,
    ),
  ],
);

/**
 * Who read or changed which patient record, and when (issue 17; docs/decisions/0070): one row per
 * list read (naming the patient and the kind; `record_kind` null when the patient area read every
 * kind), per single-record read and per change (naming the record). Append-only: no route updates
 * or deletes a row, and no foreign key cascades into it, so the log outlives the records and the
 * users it names (their names are read beside it while they exist).
 */
export const patientRecordAccess = pgTable(
  'patient_record_access',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id'),
    patientId: integer('patient_id').notNull(),
    recordKind: text('record_kind'),
    recordId: integer('record_id'),
    action: text('action').notNull(),
    /** admin (the back office) or patient_area (the patient's own records). */
    source: text('source').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('patient_record_access_created').on(t.createdAt, t.id),
    index('patient_record_access_patient').on(t.patientId, t.createdAt, t.id),
    index('patient_record_access_user').on(t.userId, t.createdAt, t.id),
    check('patient_record_access_action', sql`${t.action} in ('list', 'read', 'create', 'update', 'delete')`),
    check('patient_record_access_source', sql`${t.source} in ('admin', 'patient_area')`),
  ],
);
