import {
  ACCESS_ACTION_LABELS,
  type AccessAction,
  type AccessLogEntry,
  type DoctorReply,
  type PatientRecordReply,
  type PatientReply,
  RECORD_TYPES,
} from '../../../contracts/patients';
import type { Executor } from '../../platform/db/database';
import type { PatientRecordRow } from './patient-records.queries';
import { doctorNames, type PersonRow, personName } from './patients.queries';
import type { AccessLogRow } from './record-access.queries';

export function presentPatient(row: PersonRow): PatientReply {
  return {
    id: row.id,
    name: personName(row),
    email: row.email,
    phone: row.phone,
    created_at: row.createdAt.toISOString(),
  };
}

export const presentDoctor = (row: PersonRow): DoctorReply => ({ id: row.id, name: personName(row) });

/** The doctor ids a record names (prescribing doctor, surgeon, attending doctor). */
function doctorIdsOf(row: PatientRecordRow): number[] {
  const fields = RECORD_TYPES[row.kind as keyof typeof RECORD_TYPES].doctorFields;
  return fields.map((field) => row.details[field]).filter((id): id is number => typeof id === 'number');
}

/**
 * Records as replies: the fields as spec 3 §3 names them, and the names of the doctors they name,
 * read in one query for the rows given (never one per row).
 */
export async function presentRecords(db: Executor, rows: PatientRecordRow[]): Promise<PatientRecordReply[]> {
  const names = await doctorNames(db, [...new Set(rows.flatMap(doctorIdsOf))]);
  return rows.map((row) => {
    const fields = RECORD_TYPES[row.kind as keyof typeof RECORD_TYPES].doctorFields;
    return {
      ...row.details,
      id: row.id,
      patient_id: row.patientId,
      doctor_names: Object.fromEntries(
        fields.map((field) => {
          const id = row.details[field];
          return [field, typeof id === 'number' ? (names.get(id) ?? null) : null];
        }),
      ),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

const nameOf = (first: string | null, last: string | null, email: string | null) =>
  [first, last].filter(Boolean).join(' ') || email;

/** One row of the access log; a user or patient deleted since reads as no name. */
export function presentAccess(row: AccessLogRow): AccessLogEntry {
  const action = row.action as AccessAction;
  return {
    id: row.id,
    user_id: row.userId,
    user_name: nameOf(row.userFirst, row.userLast, row.userEmail),
    patient_id: row.patientId,
    patient_name: nameOf(row.patientFirst, row.patientLast, row.patientEmail),
    record_kind: row.recordKind as AccessLogEntry['record_kind'],
    record_id: row.recordId,
    action,
    action_label: ACCESS_ACTION_LABELS[action],
    source: row.source as AccessLogEntry['source'],
    created_at: row.createdAt.toISOString(),
  };
}
