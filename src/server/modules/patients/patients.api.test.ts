import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENT_MESSAGES as M, RECORD_TYPES, type RecordKind } from '../../../contracts/patients';
import { createRole, createUser } from '../../../test/factories';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { patientRecords } from './patients.tables';

let t: TestApp;
let staff: Agent;
let admin: Agent;
let customer: Agent;
let viewer: Agent;
let patient: { id: number };
let otherPatient: { id: number };
let doctor: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signedIn(['staff']);
  admin = await t.signedIn(['admin']);
  customer = await t.signedIn(['customer']);
  await createRole(t.ctx.db, 'records-reader', ['patients.view']);
  viewer = await t.signedIn(['records-reader']);
  patient = await createUser(t.ctx.db, { roles: ['patient'], firstName: 'Paula', lastName: 'Patel' });
  otherPatient = await createUser(t.ctx.db, { roles: ['patient'], firstName: 'Omar', lastName: 'Other' });
  doctor = await createUser(t.ctx.db, { roles: ['doctor'], firstName: 'Dina', lastName: 'Doctor' });
});
afterAll(() => t.close());

/** Each kind's URLs (spec 3 §7), a valid form, and a refused one with its field messages. */
type Case = {
  kind: RecordKind;
  list: (patientId: number) => string;
  create: (patientId: number) => [string, Record<string, unknown>];
  item: (patientId: number, id: number) => string;
  valid: () => Record<string, unknown>;
  invalid: Record<string, unknown>;
  errors: Record<string, string[]>;
  perPage: number;
};

const underPatient = (segment: string) => ({
  list: (p: number) => `/api/patients/${p}/${segment}`,
  create: (p: number): [string, Record<string, unknown>] => [`/api/patients/${p}/${segment}`, {}],
  item: (p: number, id: number) => `/api/patients/${p}/${segment}/${id}`,
});
const flat = (segment: string) => ({
  list: (p: number) => `/api/${segment}?patient_id=${p}`,
  create: (p: number): [string, Record<string, unknown>] => [`/api/${segment}`, { patient_id: p }],
  item: (_: number, id: number) => `/api/${segment}/${id}`,
});

const CASES: Case[] = [
  {
    kind: 'medications',
    ...underPatient('medications'),
    valid: () => ({
      medication_name: 'Metformin',
      dosage: '500 mg',
      start_date: '2026-01-01',
      prescribing_doctor_id: doctor.id,
    }),
    invalid: { medication_name: '  ', start_date: '2026-02-30', end_date: '2025-12-31' },
    errors: { medication_name: ['The medication name is required.'], start_date: [M.dateInvalid] },
    perPage: 15,
  },
  {
    kind: 'health_vitals',
    ...underPatient('health-vitals'),
    valid: () => ({
      vital_type: 'blood_pressure',
      value_1: '120',
      value_2: '80',
      unit: 'mmHg',
      recorded_at: '2026-03-01T08:30',
    }),
    invalid: {
      vital_type: 'blood_pressure',
      value_1: '0x10',
      value_2: '',
      unit: 'kg',
      recorded_at: '2026-03-01 8h',
    },
    // The unit is judged against the type once the values are readable (see 'record rules').
    errors: { value_1: [M.valueInvalid], recorded_at: [M.dateTimeInvalid] },
    perPage: 15,
  },
  {
    kind: 'allergies',
    ...flat('patient-allergies'),
    valid: () => ({ allergen_name: 'Penicillin', severity: 'severe', first_occurrence_date: '2020-05-01' }),
    invalid: {
      allergen_name: '',
      first_occurrence_date: '2021-01-10',
      last_occurrence_date: '2021-01-09',
      severity: 'deadly',
    },
    errors: {
      allergen_name: ['The allergen name is required.'],
      severity: [M.choiceInvalid],
      last_occurrence_date: ['The last occurrence cannot be before the first occurrence.'],
    },
    perPage: 10,
  },
  {
    kind: 'surgeries',
    ...flat('patient-surgeries'),
    valid: () => ({ procedure_name: 'Appendectomy', surgery_date: '2022-04-02', surgeon_id: doctor.id }),
    invalid: {
      procedure_name: '',
      surgery_date: '2022-04-02',
      discharge_date: '2022-04-01',
      surgery_duration: '1.5',
    },
    errors: {
      procedure_name: ['The procedure name is required.'],
      surgery_duration: [M.durationInvalid],
      discharge_date: ['The discharge date cannot be before the surgery date.'],
    },
    perPage: 10,
  },
  {
    kind: 'hospitalizations',
    ...flat('patient-hospitalizations'),
    valid: () => ({
      hospital_name: 'Victoria Hospital',
      admission_date: '2022-04-01',
      admission_time: '22:40',
    }),
    invalid: {
      hospital_name: '',
      admission_date: '2022-04-01',
      admission_time: '10:00',
      discharge_date: '2022-04-01',
      discharge_time: '09:59',
    },
    errors: {
      hospital_name: ['The hospital name is required.'],
      discharge_time: ['The discharge cannot be before the admission.'],
    },
    perPage: 10,
  },
];

async function create(c: Case, patientId: number, body = c.valid()) {
  const [url, extra] = c.create(patientId);
  const response = await staff.post(url, { ...extra, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number } & Record<string, unknown>;
}

const listOf = (reply: {
  data: unknown[];
  meta?: { total: number; per_page: number };
  total?: number;
  per_page?: number;
}) => ({
  data: reply.data,
  total: reply.meta?.total ?? reply.total,
  per_page: reply.meta?.per_page ?? reply.per_page,
});

describe.each(CASES)('$kind', (c) => {
  const words = RECORD_TYPES[c.kind].words;

  it('creates, lists, updates and deletes a record, each change audited', async () => {
    const record = await create(c, patient.id);
    expect(record).toMatchObject({
      patient_id: patient.id,
      ...Object.fromEntries(
        Object.entries(c.valid()).map(([k, v]) => [
          k,
          typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v,
        ]),
      ),
    });

    const list = await viewer.get(c.list(patient.id));
    expect(list.statusCode, list.body).toBe(200);
    const page = listOf(list.json());
    expect(page.per_page).toBe(c.perPage);
    expect(page.data).toEqual([expect.objectContaining({ id: record.id })]);
    // Another patient's list does not show it.
    expect(listOf((await viewer.get(c.list(otherPatient.id))).json()).data).toEqual([]);

    const name = RECORD_TYPES[c.kind].nameField;
    const changed =
      c.kind === 'health_vitals' ? { ...c.valid(), value_1: 131 } : { ...c.valid(), [name]: 'Changed name' };
    const put = await staff.put(c.item(patient.id, record.id), changed);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ success: true, message: words.updated });

    const removed = await staff.delete(c.item(patient.id, record.id));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: words.deleted });
    expect(await t.ctx.db.select().from(patientRecords).where(eq(patientRecords.id, record.id))).toEqual([]);

    const actions = await t.ctx.db
      .select({ action: auditLog.action, data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'patient_record'), eq(auditLog.subjectId, String(record.id))));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'patient_record.created',
      'patient_record.deleted',
      'patient_record.updated',
    ]);
    expect(actions[0]!.data).toEqual({ kind: c.kind, patient_id: patient.id });
  });

  it('answers 422 with every field message, and changes nothing', async () => {
    const [url, extra] = c.create(patient.id);
    const response = await staff.post(url, { ...extra, ...c.invalid });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toMatchObject(c.errors);
    expect(await t.ctx.db.select().from(patientRecords).where(eq(patientRecords.kind, c.kind))).toEqual([]);
  });

  it('pages in SQL with the spec size, searches and filters', async () => {
    const p = await createUser(t.ctx.db, { roles: ['patient'] });
    for (let i = 0; i < c.perPage + 1; i++) await create(c, p.id);
    const first = listOf((await viewer.get(c.list(p.id))).json());
    expect(first.data).toHaveLength(c.perPage);
    expect(first.total).toBe(c.perPage + 1);
    const sep = c.list(p.id).includes('?') ? '&' : '?';
    const second = listOf((await viewer.get(`${c.list(p.id)}${sep}page=2`)).json());
    expect(second.data).toHaveLength(1);
    const none = listOf((await viewer.get(`${c.list(p.id)}${sep}search=zzz-nothing`)).json());
    expect(none.total).toBe(0);
    const badFilter = await viewer.get(`${c.list(p.id)}${sep}${RECORD_TYPES[c.kind].filter.param}=nonsense`);
    expect(badFilter.statusCode).toBe(422);
  });

  it('401 signed out; 403 for a customer and for a role without patients.manage', async () => {
    const guest = t.agent();
    await guest.visit('/login');
    const [url, extra] = c.create(patient.id);
    expect((await guest.get(c.list(patient.id))).statusCode).toBe(401);
    expect((await guest.post(url, { ...extra, ...c.valid() })).statusCode).toBe(401);
    expect((await customer.get(c.list(patient.id))).statusCode).toBe(403);
    expect((await customer.post(url, { ...extra, ...c.valid() })).statusCode).toBe(403);
    // patients.view reads but does not write.
    expect((await viewer.post(url, { ...extra, ...c.valid() })).statusCode).toBe(403);
    expect((await viewer.put(c.item(patient.id, 1), c.valid())).statusCode).toBe(403);
    expect((await viewer.delete(c.item(patient.id, 1))).statusCode).toBe(403);
  });

  it('404 for a user who is not a patient, an unknown record, and another patient’s record', async () => {
    const notPatient = await createUser(t.ctx.db, { roles: ['customer'] });
    const [url, extra] = c.create(notPatient.id);
    const refused = await staff.post(url, { ...extra, ...c.valid() });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(M.patientNotFound);
    expect((await admin.get(c.list(notPatient.id))).statusCode).toBe(404);
    expect((await admin.get(c.list(2147480000))).statusCode).toBe(404);

    expect((await staff.put(c.item(patient.id, 2147480000), c.valid())).statusCode).toBe(404);
    expect((await staff.delete(c.item(patient.id, 2147480000))).statusCode).toBe(404);

    const others = await create(c, otherPatient.id);
    if (c.list(1).startsWith('/api/patients/')) {
      // Under the wrong patient's path.
      const put = await staff.put(c.item(patient.id, others.id), c.valid());
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe(RECORD_TYPES[c.kind].words.notFound);
      expect((await staff.delete(c.item(patient.id, others.id))).statusCode).toBe(404);
    } else {
      // Naming another patient in the body.
      const put = await staff.put(c.item(patient.id, others.id), { ...c.valid(), patient_id: patient.id });
      expect(put.statusCode).toBe(404);
    }
    const [row] = await t.ctx.db.select().from(patientRecords).where(eq(patientRecords.id, others.id));
    expect(row?.patientId).toBe(otherPatient.id);
  });
});

describe('record rules', () => {
  it('refuses a doctor field naming someone who is not a doctor', async () => {
    const notDoctor = await createUser(t.ctx.db, { roles: ['staff'] });
    const response = await staff.post(`/api/patients/${patient.id}/medications`, {
      medication_name: 'Aspirin',
      prescribing_doctor_id: notDoctor.id,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ prescribing_doctor_id: [M.doctorInvalid] });
  });

  it('clears value_2 of a vital that is not blood pressure; checks ranges and the diastolic', async () => {
    const url = `/api/patients/${patient.id}/health-vitals`;
    const weight = await staff.post(url, {
      vital_type: 'weight',
      value_1: 72.5,
      value_2: 9,
      unit: 'kg',
      recorded_at: '2026-03-01T08:30',
    });
    expect(weight.json().data).toMatchObject({ value_1: 72.5, value_2: null });
    const high = await staff.post(url, {
      vital_type: 'glucose',
      value_1: 95,
      unit: 'mmol/L',
      recorded_at: '2026-03-01T08:30',
    });
    expect(high.json().errors).toEqual({ value_1: [M.valueRange(0.5, 55)] });
    const wrongUnit = await staff.post(url, {
      vital_type: 'weight',
      value_1: 70,
      unit: 'mmHg',
      recorded_at: '2026-03-01T08:30',
    });
    expect(wrongUnit.json().errors).toEqual({ unit: [M.unitInvalid] });
    const reversed = await staff.post(url, {
      vital_type: 'blood_pressure',
      value_1: 80,
      value_2: 120,
      unit: 'mmHg',
      recorded_at: '2026-03-01T08:30',
    });
    expect(reversed.json().errors).toEqual({ value_2: [M.diastolicBelowSystolic] });
  });

  it('fills the spec 3 §4 defaults', async () => {
    const allergy = await create(CASES[2]!, patient.id, { allergen_name: 'Dust' });
    expect(allergy).toMatchObject({ allergen_type: 'drug', severity: 'mild', status: 'active' });
    const hospitalization = await create(CASES[4]!, patient.id, { hospital_name: 'City Clinic' });
    expect(hospitalization).toMatchObject({ admission_type: 'emergency', status: 'admitted' });
  });

  it('names the doctors of a record', async () => {
    const surgery = await create(CASES[3]!, patient.id);
    expect(surgery.doctor_names).toEqual({ surgeon_id: 'Dina Doctor' });
  });

  it('needs the patient on the flat lists and posts', async () => {
    const list = await viewer.get('/api/patient-allergies');
    expect(list.statusCode).toBe(422);
    expect(list.json().errors).toEqual({ patient_id: [M.patientRequired] });
    const post = await staff.post('/api/patient-allergies', { allergen_name: 'Dust' });
    expect(post.json().errors).toEqual({ patient_id: [M.patientRequired] });
  });
});

describe('patients and doctors', () => {
  it('GET /api/patients lists patients only, searched and paged', async () => {
    const response = await viewer.get('/api/patients?search=Patel');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      per_page: 15,
      total: 1,
      data: [{ id: patient.id, name: 'Paula Patel' }],
    });
    const all = (await viewer.get('/api/patients?per_page=100')).json().data as { id: number }[];
    expect(all.map((p) => p.id)).not.toContain(doctor.id);
    expect((await customer.get('/api/patients')).statusCode).toBe(403);
  });

  it('GET /api/patients/{id}: a patient, else 404', async () => {
    expect((await viewer.get(`/api/patients/${patient.id}`)).json().data).toMatchObject({
      name: 'Paula Patel',
    });
    expect((await viewer.get(`/api/patients/${doctor.id}`)).statusCode).toBe(404);
    expect((await viewer.get('/api/patients/abc')).statusCode).toBe(404);
  });

  it('GET /api/patients/medications/doctors lists the doctors', async () => {
    const response = await viewer.get('/api/patients/medications/doctors');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toContainEqual({ id: doctor.id, name: 'Dina Doctor' });
    expect(response.json().data).not.toContainEqual(expect.objectContaining({ id: patient.id }));
    expect((await customer.get('/api/patients/medications/doctors')).statusCode).toBe(403);
  });
});

describe('the patient area (DECISIONS 23)', () => {
  it('GET /api/patient/medical-records answers the signed-in patient’s own records only', async () => {
    const me = await t.signedIn(['patient']);
    await create(CASES[0]!, me.user.id, { medication_name: 'Mine' });
    await create(CASES[0]!, otherPatient.id, { medication_name: 'Not mine' });
    const response = await me.get('/api/patient/medical-records');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(Object.keys(data).sort()).toEqual([
      'allergies',
      'health_vitals',
      'hospitalizations',
      'medications',
      'surgeries',
    ]);
    expect(data.medications.map((m: { medication_name: string }) => m.medication_name)).toEqual(['Mine']);
    expect((await customer.get('/api/patient/medical-records')).statusCode).toBe(403);
    const guest = t.agent();
    expect((await guest.get('/api/patient/medical-records')).statusCode).toBe(401);
  });

  it('GET /patient/records renders the read-only page', async () => {
    const me = await t.signedIn(['patient']);
    await create(CASES[2]!, me.user.id, { allergen_name: 'Shellfish' });
    const response = await me.get('/patient/records', { accept: 'text/html' });
    expect(response.statusCode).toBe(200);
    const json = /<script type="application\/json" id="shop-data">(.*?)<\/script>/s.exec(response.body)?.[1];
    const doc = JSON.parse(json!);
    expect(doc.page).toBe('patient-records');
    expect(doc.props.records.allergies[0].allergen_name).toBe('Shellfish');
    expect(response.body).toContain('Shellfish');
    expect((await customer.get('/patient/records', { accept: 'text/html' })).statusCode).toBe(403);
  });
});
