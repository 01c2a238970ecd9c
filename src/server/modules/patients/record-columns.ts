import { PATIENT_MESSAGES as M, RECORD_TYPES, type RecordKind } from '../../../contracts/patients';
import { type FieldErrors, validationError } from '../../../domain/errors';
import type { Executor } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import { doctorNames, findPatient } from './patients.queries';

/** A record's validated form, as its kind's contract gives it (spec 3 §3 field names). */
export type RecordDetails = Record<string, unknown>;

/** What the lists search, filter and order by, taken from the record's own fields. */
export function recordColumns(kind: RecordKind, details: RecordDetails) {
  const type = RECORD_TYPES[kind];
  const date = details[type.dateField];
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    title: String(details[type.nameField] ?? ''),
    category: text(details[type.filter.field]),
    // A vital's recorded_at is "YYYY-MM-DDTHH:MM"; the other dates are ISO dates.
    recordDate: text(date)?.slice(0, 10) ?? null,
    recordTime: kind === 'health_vitals' ? (text(date)?.slice(11, 16) ?? null) : null,
  };
}

/** The patient must be a user holding the patient role: anyone else is no patient (404). */
export async function assertPatient(db: Executor, patientId: number): Promise<void> {
  if (!(await findPatient(db, patientId))) throw notFound(M.patientNotFound);
}

/** A doctor field names a user holding the doctor role, or nothing (422 on the field). */
export async function assertDoctors(db: Executor, kind: RecordKind, details: RecordDetails): Promise<void> {
  const fields = RECORD_TYPES[kind].doctorFields.filter((field) => typeof details[field] === 'number');
  if (fields.length === 0) return;
  const names = await doctorNames(
    db,
    fields.map((field) => details[field] as number),
  );
  const errors: FieldErrors = {};
  for (const field of fields) if (!names.has(details[field] as number)) errors[field] = [M.doctorInvalid];
  if (Object.keys(errors).length > 0) throw validationError(errors);
}
