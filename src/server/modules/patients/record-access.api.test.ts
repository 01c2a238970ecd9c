import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LOG_PER_PAGE } from '../../../contracts/patients';
import { createRole, createUser } from '../../../test/factories';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { patientRecordAccess } from './patients.tables';

/** The patient-record access log (issue 17; docs/decisions/0070). */
let t: TestApp;
let admin: Agent & { user: { id: number } };
let staff: Agent & { user: { id: number } };
let patient: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
  patient = await createUser(t.ctx.db, { roles: ['patient'], firstName: 'Paula', lastName: 'Patel' });
});
afterAll(() => t.close());

const rows = () => t.ctx.db.select().from(patientRecordAccess).orderBy(desc(patientRecordAccess.id));
const countRows = async () => (await rows()).length;

const medication = { medication_name: 'Metformin', dosage: '500 mg', status: 'active' };

describe('what is logged', () => {
  it('a list read writes exactly one row naming the reader, the patient and the kind', async () => {
    const before = await countRows();
    const response = await staff.get(`/api/patients/${patient.id}/medications`);
    expect(response.statusCode, response.body).toBe(200);
    const after = await rows();
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({
      userId: staff.user.id,
      patientId: patient.id,
      recordKind: 'medications',
      recordId: null,
      action: 'list',
      source: 'admin',
    });

    await staff.get(`/api/patient-allergies?patient_id=${patient.id}`);
    expect(await countRows()).toBe(before + 2);
    expect((await rows())[0]).toMatchObject({ recordKind: 'allergies', action: 'list' });
  });

  it('a refused read (404, 403) writes nothing', async () => {
    const before = await countRows();
    const notPatient = await createUser(t.ctx.db, { roles: ['customer'] });
    expect((await staff.get(`/api/patients/${notPatient.id}/medications`)).statusCode).toBe(404);
    const customer = await t.signedIn(['customer']);
    expect((await customer.get(`/api/patients/${patient.id}/medications`)).statusCode).toBe(403);
    expect(await countRows()).toBe(before);
  });

  it('each change writes one row naming the record', async () => {
    const created = await staff.post(`/api/patients/${patient.id}/medications`, medication);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    expect(
      (await staff.put(`/api/patients/${patient.id}/medications/${id}`, { ...medication, dosage: '850 mg' }))
        .statusCode,
    ).toBe(200);
    expect((await staff.delete(`/api/patients/${patient.id}/medications/${id}`)).statusCode).toBe(200);
    const mine = (await rows()).filter((r) => r.recordId === id);
    expect(mine.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    expect(mine.every((r) => r.userId === staff.user.id && r.patientId === patient.id)).toBe(true);
  });

  it('a refused change writes nothing', async () => {
    const before = await countRows();
    expect((await staff.post(`/api/patients/${patient.id}/medications`, {})).statusCode).toBe(422);
    expect((await staff.delete(`/api/patients/${patient.id}/medications/2147480000`)).statusCode).toBe(404);
    expect(await countRows()).toBe(before);
  });

  it('the patient reading their own area is logged, on the page and in the JSON', async () => {
    const me = await t.signedIn(['patient']);
    const before = await countRows();
    expect((await me.get('/api/patient/medical-records')).statusCode).toBe(200);
    expect(await countRows()).toBe(before + 1);
    expect((await rows())[0]).toMatchObject({
      userId: me.user.id,
      patientId: me.user.id,
      recordKind: null,
      action: 'list',
      source: 'patient_area',
    });
    const page = await me.visit('/patient/records');
    expect(page.statusCode).toBe(200);
    expect(await countRows()).toBe(before + 2);
  });
});

describe('GET /api/patient-record-access', () => {
  it('shows admins the entries newest first with names, 25 a page, filtered by patient and user', async () => {
    const other = await createUser(t.ctx.db, { roles: ['patient'], firstName: 'Omar', lastName: 'Other' });
    for (let i = 0; i < ACCESS_LOG_PER_PAGE; i++) await staff.get(`/api/patients/${other.id}/health-vitals`);
    await admin.get(`/api/patients/${other.id}/medications`);

    const first = await admin.get(`/api/patient-record-access?patient_id=${other.id}`);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json().data;
    expect(page).toMatchObject({ per_page: 25, total: ACCESS_LOG_PER_PAGE + 1, last_page: 2 });
    expect(page.data).toHaveLength(25);
    expect(page.data[0]).toMatchObject({
      user_id: admin.user.id,
      patient_id: other.id,
      patient_name: 'Omar Other',
      record_kind: 'medications',
      record_id: null,
      action: 'list',
      action_label: 'Read list',
      source: 'admin',
    });
    expect(typeof page.data[0].user_name).toBe('string');
    const second = (await admin.get(`/api/patient-record-access?patient_id=${other.id}&page=2`)).json().data;
    expect(second.data).toHaveLength(1);
    expect(second.data[0].record_kind).toBe('health_vitals');

    const byUser = (
      await admin.get(`/api/patient-record-access?patient_id=${other.id}&user_id=${admin.user.id}`)
    ).json().data;
    expect(byUser.total).toBe(1);
    // Reading the log is not itself a read of a record.
    const stored = await t.ctx.db
      .select()
      .from(patientRecordAccess)
      .where(eq(patientRecordAccess.patientId, other.id));
    expect(stored).toHaveLength(ACCESS_LOG_PER_PAGE + 1);
  });

  it('401 signed out; 403 for staff (no patients.audit) and a records reader; a role given it reads', async () => {
    const guest = t.agent();
    await guest.visit('/login');
    expect((await guest.get('/api/patient-record-access')).statusCode).toBe(401);
    expect((await staff.get('/api/patient-record-access')).statusCode).toBe(403);
    await createRole(t.ctx.db, 'records-reader-2', ['patients.manage']);
    const manager = await t.signedIn(['records-reader-2']);
    expect((await manager.get('/api/patient-record-access')).statusCode).toBe(403);
    await createRole(t.ctx.db, 'records-auditor', ['patients.audit']);
    const auditor = await t.signedIn(['records-auditor']);
    expect((await auditor.get('/api/patient-record-access')).statusCode).toBe(200);
  });

  it('422 for a filter that is not an id', async () => {
    const response = await admin.get('/api/patient-record-access?patient_id=abc&user_id=0');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      patient_id: ['Choose the patient.'],
      user_id: ['Choose the user.'],
    });
  });

  it('has no route that changes or removes a row (append-only)', async () => {
    for (const method of ['put', 'delete'] as const) {
      const response = await admin[method]('/api/patient-record-access/1', {});
      expect(response.statusCode).toBe(404);
    }
  });
});
