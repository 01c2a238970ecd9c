import { z } from 'zod';
import { parseIsoDate } from '../domain/dates/date-format';
import { hasAtMostDecimals, parseNumberText } from '../domain/money/number-text';
import {
  ADMISSION_TYPES,
  ALLERGEN_TYPES,
  ALLERGY_SEVERITIES,
  ALLERGY_STATUSES,
  HOSPITALIZATION_STATUSES,
  hasSecondValue,
  isInOrder,
  isTimeOfDay,
  MEDICATION_STATUSES,
  type RecordKind,
  SURGERY_OUTCOMES,
  SURGERY_TYPES,
  VITAL_TYPES,
  VITAL_UNITS,
  vitalProblems,
} from '../domain/patients/patient-records';
import { INT_MAX, optionalText, pageParam, perPageParam, searchText, tooLongMessage } from './common';

export type { RecordKind } from '../domain/patients/patient-records';

/** The shop's words for patient records; spec 3 §8 "Patient records" ones word for word. */
export const PATIENT_MESSAGES = {
  patientNotFound: 'This patient does not exist.',
  patientRequired: 'Choose the patient.',
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD).',
  dateTimeInvalid: 'Please enter a valid date and time.',
  timeInvalid: 'Please enter a valid time (HH:MM).',
  choiceInvalid: 'Please choose one of the options.',
  doctorInvalid: 'Choose a doctor from the list.',
  valueRequired: 'Please enter a value.',
  valueInvalid: 'Please enter a number with at most 2 decimals.',
  unitInvalid: 'Please choose a unit that fits the vital type.',
  diastolicRequired: 'The diastolic value is required for blood pressure.',
  diastolicBelowSystolic: 'The diastolic value must be below the systolic value.',
  valueRange: (min: number, max: number) => `The value must be between ${min} and ${max}.`,
  durationInvalid: 'The duration is a whole number of minutes.',
  loadPatientsFailed: 'Failed to load patients',
  loadPatientFailed: 'Failed to load the patient',
} as const;
const M = PATIENT_MESSAGES;

/** What each record kind says: its names, the spec 3 §8 messages and the answers of the server. */
export type RecordWords = {
  /** "Medications": the tab and table title. */
  title: string;
  /** "medication": in sentences. */
  item: string;
  loadFailed: string;
  /** A save the server refused without its own message. */
  saveFailed: string;
  /** A save that never got an answer (network, exception). */
  saveError: string;
  deleteFailed: string;
  deleteError: string;
  created: string;
  updated: string;
  deleted: string;
  notFound: string;
};

const words = (title: string, item: string, extra: Partial<RecordWords> = {}): RecordWords => {
  const Item = item.charAt(0).toUpperCase() + item.slice(1);
  return {
    title,
    item,
    loadFailed: `Failed to load ${title.toLowerCase()}`,
    saveFailed: `Failed to save ${item}`,
    saveError: `Failed to save ${item}`,
    deleteFailed: `Failed to delete ${item}`,
    deleteError: `Failed to delete ${item}`,
    created: `${Item} added.`,
    updated: `${Item} updated.`,
    deleted: `${Item} deleted.`,
    notFound: `This ${item} does not exist.`,
    ...extra,
  };
};

// ---------- fields ----------

const blankToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

const requiredName = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(255, tooLongMessage(255));
const shortText = optionalText(255);
const longText = optionalText(5000);

const isoDate = z.preprocess(
  blankToNull,
  z
    .string({ error: M.dateInvalid })
    .trim()
    .refine((v) => parseIsoDate(v) !== null, M.dateInvalid)
    .nullable(),
);
const timeOfDay = z.preprocess(
  blankToNull,
  z
    .string({ error: M.timeInvalid })
    .trim()
    .refine((v) => isTimeOfDay(v), M.timeInvalid)
    .nullable(),
);
/** "2026-11-26T09:30" (a datetime-local field), stored as typed: a reading's local time. */
const dateTime = z
  .string({ error: M.dateTimeInvalid })
  .trim()
  .refine((v) => {
    const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?$/.exec(v);
    return match !== null && parseIsoDate(match[1]!) !== null && isTimeOfDay(match[2]!);
  }, M.dateTimeInvalid)
  .transform((v) => v.slice(0, 16));

const choice = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? fallback : v),
    z.enum(values, { error: M.choiceInvalid }),
  );
const doctorId = z.preprocess(
  blankToNull,
  z
    .preprocess(
      parseNumberText,
      z
        .number({ error: M.doctorInvalid })
        .refine(Number.isInteger, M.doctorInvalid)
        .min(1, M.doctorInvalid)
        .max(INT_MAX, M.doctorInvalid),
    )
    .nullable(),
);
const measurement = (required: string) =>
  z.preprocess(
    parseNumberText,
    z
      .number({ error: (issue) => (issue.input === undefined ? required : M.valueInvalid) })
      .finite(M.valueInvalid)
      .refine((n) => hasAtMostDecimals(n, 2), M.valueInvalid),
  );

type OrderedPair<T> = {
  start: keyof T & string;
  end: keyof T & string;
  message: string;
  times?: [keyof T & string, keyof T & string];
};

/**
 * DECISIONS 23: the later date of a pair is not before the earlier one, said on the later field
 * (on the discharge time when both fall on one day). It runs beside the other fields' messages, so
 * a form shows every problem at once; dates that are not valid yet are left to their own message.
 */
function ordered<T extends Record<string, unknown>>(pairs: OrderedPair<T>[]) {
  const dateOf = (v: unknown) => (typeof v === 'string' ? parseIsoDate(v.trim()) : null);
  const timeOf = (v: unknown) => (typeof v === 'string' && isTimeOfDay(v.trim()) ? v.trim() : null);
  return [
    (value: T, ctx: z.RefinementCtx) => {
      for (const pair of pairs) {
        const start = dateOf(value[pair.start]);
        const end = dateOf(value[pair.end]);
        const times = pair.times
          ? { start: timeOf(value[pair.times[0]]), end: timeOf(value[pair.times[1]]) }
          : {};
        if (!isInOrder(start, end, times))
          ctx.addIssue({
            code: 'custom',
            path: [pair.times && start === end ? pair.times[1] : pair.end],
            message: pair.message,
          });
      }
    },
    { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null },
  ] as const;
}

// ---------- the five bodies (spec 3 §3, §4 defaults, §5) ----------

export const medicationBody = z
  .object({
    medication_name: requiredName('The medication name is required.'),
    dosage: shortText,
    frequency: shortText,
    route: shortText,
    instructions: longText,
    start_date: isoDate,
    end_date: isoDate,
    prescribing_doctor_id: doctorId,
    status: choice(MEDICATION_STATUSES, 'active'),
    notes: longText,
    discontinuation_reason: longText,
  })
  .superRefine(
    ...ordered([
      { start: 'start_date', end: 'end_date', message: 'The end date cannot be before the start date.' },
    ]),
  );

export const healthVitalBody = z
  .object({
    vital_type: z.enum(VITAL_TYPES, { error: 'Please choose the vital type.' }),
    value_1: measurement(M.valueRequired),
    value_2: z.preprocess(blankToNull, measurement(M.diastolicRequired).nullable()),
    unit: z.string({ error: M.unitInvalid }).trim(),
    recorded_at: dateTime,
    notes: longText,
  })
  // spec 3 §5: other types than blood pressure clear value_2.
  .transform((v) => ({ ...v, value_2: hasSecondValue(v.vital_type) ? v.value_2 : null }))
  .superRefine((v, ctx) => {
    for (const p of vitalProblems(v)) {
      const message =
        p.problem === 'range'
          ? M.valueRange(p.min, p.max)
          : p.problem === 'unit'
            ? M.unitInvalid
            : p.problem === 'required'
              ? M.diastolicRequired
              : M.diastolicBelowSystolic;
      ctx.addIssue({ code: 'custom', path: [p.field], message });
    }
  });

export const allergyBody = z
  .object({
    allergen_name: requiredName('The allergen name is required.'),
    allergen_type: choice(ALLERGEN_TYPES, 'drug'),
    severity: choice(ALLERGY_SEVERITIES, 'mild'),
    symptoms: longText,
    treatment_given: longText,
    first_occurrence_date: isoDate,
    last_occurrence_date: isoDate,
    status: choice(ALLERGY_STATUSES, 'active'),
    notes: longText,
  })
  .superRefine(
    ...ordered([
      {
        start: 'first_occurrence_date',
        end: 'last_occurrence_date',
        message: 'The last occurrence cannot be before the first occurrence.',
      },
    ]),
  );

export const surgeryBody = z
  .object({
    procedure_name: requiredName('The procedure name is required.'),
    procedure_description: longText,
    hospital_name: shortText,
    surgery_date: isoDate,
    surgery_duration: z.preprocess(
      blankToNull,
      z
        .preprocess(
          parseNumberText,
          z
            .number({ error: M.durationInvalid })
            .refine(Number.isInteger, M.durationInvalid)
            .min(1, M.durationInvalid)
            .max(10_000, M.durationInvalid),
        )
        .nullable(),
    ),
    surgery_type: choice(SURGERY_TYPES, 'elective'),
    outcome: choice(SURGERY_OUTCOMES, 'successful'),
    complications: longText,
    recovery_notes: longText,
    discharge_date: isoDate,
    pre_operative_notes: longText,
    post_operative_notes: longText,
    notes: longText,
    surgeon_id: doctorId,
  })
  .superRefine(
    ...ordered([
      {
        start: 'surgery_date',
        end: 'discharge_date',
        message: 'The discharge date cannot be before the surgery date.',
      },
    ]),
  );

export const hospitalizationBody = z
  .object({
    hospital_name: requiredName('The hospital name is required.'),
    department: shortText,
    admission_date: isoDate,
    admission_time: timeOfDay,
    admission_reason: longText,
    admission_type: choice(ADMISSION_TYPES, 'emergency'),
    discharge_date: isoDate,
    discharge_time: timeOfDay,
    discharge_diagnosis: longText,
    discharge_summary: longText,
    discharge_condition: shortText,
    treatment_received: longText,
    complications: longText,
    follow_up_instructions: longText,
    notes: longText,
    attending_doctor_id: doctorId,
    status: choice(HOSPITALIZATION_STATUSES, 'admitted'),
  })
  .superRefine(
    ...ordered([
      {
        start: 'admission_date',
        end: 'discharge_date',
        message: 'The discharge cannot be before the admission.',
        times: ['admission_time', 'discharge_time'],
      },
    ]),
  );

// ---------- the definition table every route, query and screen reads ----------

export type FieldInput = 'text' | 'textarea' | 'date' | 'time' | 'datetime' | 'number' | 'select' | 'doctor';
export type FieldDef = {
  name: string;
  label: string;
  input: FieldInput;
  required?: boolean;
  options?: readonly string[];
  /** Shown in the records table. */
  inTable?: boolean;
};

type RecordType = {
  kind: RecordKind;
  words: RecordWords;
  /** spec 3 §9 page sizes. */
  perPage: number;
  body: z.ZodType<Record<string, unknown>>;
  /** The field that names a record (DECISIONS 23) — the list's search and the table's first column. */
  nameField: string;
  /** The record's date: the list's order (newest first). */
  dateField: string;
  /** The list filter: its query parameter and the field it filters on. */
  filter: { param: string; field: string; options: readonly string[] };
  /** The fields naming a doctor (a user holding the doctor role). */
  doctorFields: readonly string[];
  fields: readonly FieldDef[];
};

const f = (
  name: string,
  label: string,
  input: FieldInput = 'text',
  extra: Partial<FieldDef> = {},
): FieldDef => ({
  name,
  label,
  input,
  ...extra,
});

export const RECORD_TYPES: Record<RecordKind, RecordType> = {
  medications: {
    kind: 'medications',
    words: words('Medications', 'medication', {
      saveError: 'An error occurred while saving the medication',
      deleteError: 'An error occurred while deleting the medication',
    }),
    perPage: 15,
    body: medicationBody,
    nameField: 'medication_name',
    dateField: 'start_date',
    filter: { param: 'status', field: 'status', options: MEDICATION_STATUSES },
    doctorFields: ['prescribing_doctor_id'],
    fields: [
      f('medication_name', 'Medication name', 'text', { required: true, inTable: true }),
      f('dosage', 'Dosage', 'text', { inTable: true }),
      f('frequency', 'Frequency', 'text', { inTable: true }),
      f('route', 'Route'),
      f('start_date', 'Start date', 'date', { inTable: true }),
      f('end_date', 'End date', 'date', { inTable: true }),
      f('prescribing_doctor_id', 'Prescribing doctor', 'doctor'),
      f('status', 'Status', 'select', { options: MEDICATION_STATUSES, inTable: true }),
      f('instructions', 'Instructions', 'textarea'),
      f('discontinuation_reason', 'Discontinuation reason', 'textarea'),
      f('notes', 'Notes', 'textarea'),
    ],
  },
  health_vitals: {
    kind: 'health_vitals',
    words: words('Health vitals', 'health vital', {
      saveError: 'An error occurred while saving the health vital',
      deleteError: 'An error occurred while deleting the health vital',
    }),
    perPage: 15,
    body: healthVitalBody,
    nameField: 'vital_type',
    dateField: 'recorded_at',
    filter: { param: 'vital_type', field: 'vital_type', options: VITAL_TYPES },
    doctorFields: [],
    fields: [
      f('vital_type', 'Vital type', 'select', { options: VITAL_TYPES, required: true, inTable: true }),
      f('value_1', 'Value', 'number', { required: true, inTable: true }),
      f('value_2', 'Diastolic', 'number', { inTable: true }),
      f('unit', 'Unit', 'select', { required: true, inTable: true }),
      f('recorded_at', 'Recorded at', 'datetime', { required: true, inTable: true }),
      f('notes', 'Notes', 'textarea'),
    ],
  },
  allergies: {
    kind: 'allergies',
    words: words('Allergies', 'allergy'),
    perPage: 10,
    body: allergyBody,
    nameField: 'allergen_name',
    dateField: 'first_occurrence_date',
    filter: { param: 'status', field: 'status', options: ALLERGY_STATUSES },
    doctorFields: [],
    fields: [
      f('allergen_name', 'Allergen name', 'text', { required: true, inTable: true }),
      f('allergen_type', 'Allergen type', 'select', { options: ALLERGEN_TYPES, inTable: true }),
      f('severity', 'Severity', 'select', { options: ALLERGY_SEVERITIES, inTable: true }),
      f('status', 'Status', 'select', { options: ALLERGY_STATUSES, inTable: true }),
      f('first_occurrence_date', 'First occurrence', 'date', { inTable: true }),
      f('last_occurrence_date', 'Last occurrence', 'date'),
      f('symptoms', 'Symptoms', 'textarea'),
      f('treatment_given', 'Treatment given', 'textarea'),
      f('notes', 'Notes', 'textarea'),
    ],
  },
  surgeries: {
    kind: 'surgeries',
    words: words('Surgeries', 'surgery'),
    perPage: 10,
    body: surgeryBody,
    nameField: 'procedure_name',
    dateField: 'surgery_date',
    filter: { param: 'outcome', field: 'outcome', options: SURGERY_OUTCOMES },
    doctorFields: ['surgeon_id'],
    fields: [
      f('procedure_name', 'Procedure name', 'text', { required: true, inTable: true }),
      f('hospital_name', 'Hospital', 'text', { inTable: true }),
      f('surgery_date', 'Surgery date', 'date', { inTable: true }),
      f('surgery_duration', 'Duration (minutes)', 'number'),
      f('surgery_type', 'Surgery type', 'select', { options: SURGERY_TYPES, inTable: true }),
      f('outcome', 'Outcome', 'select', { options: SURGERY_OUTCOMES, inTable: true }),
      f('discharge_date', 'Discharge date', 'date'),
      f('surgeon_id', 'Surgeon', 'doctor'),
      f('procedure_description', 'Procedure description', 'textarea'),
      f('complications', 'Complications', 'textarea'),
      f('recovery_notes', 'Recovery notes', 'textarea'),
      f('pre_operative_notes', 'Pre-operative notes', 'textarea'),
      f('post_operative_notes', 'Post-operative notes', 'textarea'),
      f('notes', 'Notes', 'textarea'),
    ],
  },
  hospitalizations: {
    kind: 'hospitalizations',
    words: words('Hospitalizations', 'hospitalization'),
    perPage: 10,
    body: hospitalizationBody,
    nameField: 'hospital_name',
    dateField: 'admission_date',
    filter: { param: 'status', field: 'status', options: HOSPITALIZATION_STATUSES },
    doctorFields: ['attending_doctor_id'],
    fields: [
      f('hospital_name', 'Hospital name', 'text', { required: true, inTable: true }),
      f('department', 'Department', 'text', { inTable: true }),
      f('admission_date', 'Admission date', 'date', { inTable: true }),
      f('admission_time', 'Admission time', 'time'),
      f('admission_type', 'Admission type', 'select', { options: ADMISSION_TYPES, inTable: true }),
      f('status', 'Status', 'select', { options: HOSPITALIZATION_STATUSES, inTable: true }),
      f('discharge_date', 'Discharge date', 'date', { inTable: true }),
      f('discharge_time', 'Discharge time', 'time'),
      f('attending_doctor_id', 'Attending doctor', 'doctor'),
      f('discharge_condition', 'Discharge condition'),
      f('admission_reason', 'Admission reason', 'textarea'),
      f('treatment_received', 'Treatment received', 'textarea'),
      f('discharge_diagnosis', 'Discharge diagnosis', 'textarea'),
      f('discharge_summary', 'Discharge summary', 'textarea'),
      f('complications', 'Complications', 'textarea'),
      f('follow_up_instructions', 'Follow-up instructions', 'textarea'),
      f('notes', 'Notes', 'textarea'),
    ],
  },
};

/** spec 3 §4: how a value is shown ("admitted" reads 'Currently Admitted'). */
export function valueLabel(value: string): string {
  if (value === 'admitted') return 'Currently Admitted';
  // Units are written as they are (kg, mg/dL), never capitalised.
  if (Object.values(VITAL_UNITS).some((units) => units.includes(value))) return value;
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** spec 3 §7: the URLs of each kind. Medications and vitals live under the patient, the rest flat. */
export const RECORD_URLS: Record<RecordKind, { list: string; item: string; underPatient: boolean }> = {
  medications: {
    list: '/api/patients/:id/medications',
    item: '/api/patients/:id/medications/:medId',
    underPatient: true,
  },
  health_vitals: {
    list: '/api/patients/:id/health-vitals',
    item: '/api/patients/:id/health-vitals/:vitalId',
    underPatient: true,
  },
  allergies: { list: '/api/patient-allergies', item: '/api/patient-allergies/:id', underPatient: false },
  surgeries: { list: '/api/patient-surgeries', item: '/api/patient-surgeries/:id', underPatient: false },
  hospitalizations: {
    list: '/api/patient-hospitalizations',
    item: '/api/patient-hospitalizations/:id',
    underPatient: false,
  },
};

/**
 * A list of one kind: page, per_page (spec 3 §9 default), search on the name, and the kind's filter
 * named after its field (`status`, `vital_type`, `outcome`), read as `filter`.
 */
export function recordsListQuery(kind: RecordKind) {
  const type = RECORD_TYPES[kind];
  const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
  return z.object({
    page: pageParam,
    per_page: perPageParam(type.perPage),
    search: searchText,
    [type.filter.param]: z.preprocess(
      blankToUndefined,
      z.enum(type.filter.options as [string, ...string[]], { error: M.choiceInvalid }).optional(),
    ),
  });
}
export type RecordsListQuery = { page: number; per_page: number; search?: string; filter?: string };

/** The list query as the queries read it: the kind's filter under one name. */
export function listFilterOf(kind: RecordKind, query: Record<string, unknown>): RecordsListQuery {
  const filter = query[RECORD_TYPES[kind].filter.param];
  return {
    page: query.page as number,
    per_page: query.per_page as number,
    search: query.search as string | undefined,
    filter: typeof filter === 'string' ? filter : undefined,
  };
}

/** The flat lists (allergies, surgeries, hospitalizations) name the patient in the query or body. */
export const patientIdField = z.object({
  patient_id: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.preprocess(
      parseNumberText,
      z
        .number({ error: M.patientRequired })
        .int(M.patientRequired)
        .min(1, M.patientRequired)
        .max(INT_MAX, M.patientRequired),
    ),
  ),
});

/** GET /api/patients: users holding the patient role, searched by name, e-mail or phone. */
export const patientsListQuery = z.object({
  page: pageParam,
  per_page: perPageParam(15),
  search: searchText,
});
export type PatientsListQuery = z.output<typeof patientsListQuery>;

// ---------- replies ----------

export type PatientReply = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  created_at: string;
};

export type DoctorReply = { id: number; name: string };

/** One record: its fields as the spec names them, plus the doctors' names for display. */
export type PatientRecordReply = {
  id: number;
  patient_id: number;
  doctor_names: Record<string, string | null>;
  created_at: string;
  updated_at: string;
} & Record<string, unknown>;

export type ListMeta = {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
};

/** GET /api/patient/medical-records and the patient area page: the signed-in patient's own records. */
export type MedicalRecordsReply = Record<RecordKind, PatientRecordReply[]>;

/** The patient area's "My medical records" page (DECISIONS 23: read-only, own records). */
export type PatientRecordsProps = { records: MedicalRecordsReply; limit: number };

/** How many of each kind the patient area shows (newest first). */
export const PATIENT_AREA_RECORD_LIMIT = 100;

/**
 * A record's field as text for a table cell or a read-only list (admin and patient area alike):
 * choices in words, doctors by name, a blood pressure as "128/82", dates through `formatDate`.
 */
export function recordCell(
  field: FieldDef,
  record: PatientRecordReply,
  formatDate: (iso: string) => string,
): string {
  const value = record[field.name];
  if (value === null || value === undefined || value === '') return '—';
  switch (field.input) {
    case 'doctor':
      return record.doctor_names[field.name] ?? '—';
    case 'select':
      return valueLabel(String(value));
    case 'date':
      return formatDate(String(value));
    case 'datetime':
      return `${formatDate(String(value).slice(0, 10))} ${String(value).slice(11, 16)}`;
    default:
      return String(value);
  }
}

// ---------- the access log (issue 17; docs/decisions/0070) ----------

/** The access log's page size. */
export const ACCESS_LOG_PER_PAGE = 25;

const optionalRecordId = (message: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .preprocess(
        parseNumberText,
        z.number({ error: message }).int(message).min(1, message).max(INT_MAX, message),
      )
      .optional(),
  );

/** GET /api/patient-record-access: newest first, 25 a page, filtered by patient and by user. */
export const accessLogQuery = z.object({
  page: pageParam,
  patient_id: optionalRecordId('Choose the patient.'),
  user_id: optionalRecordId('Choose the user.'),
});
export type AccessLogQuery = z.output<typeof accessLogQuery>;

export const ACCESS_ACTIONS = ['list', 'read', 'create', 'update', 'delete'] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/** How an access reads in the log. */
export const ACCESS_ACTION_LABELS: Record<AccessAction, string> = {
  list: 'Read list',
  read: 'Read record',
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
};

export type AccessLogEntry = {
  id: number;
  user_id: number | null;
  user_name: string | null;
  patient_id: number;
  patient_name: string | null;
  /** null when the patient area read every kind at once. */
  record_kind: RecordKind | null;
  record_id: number | null;
  action: AccessAction;
  action_label: string;
  source: 'admin' | 'patient_area';
  created_at: string;
};
