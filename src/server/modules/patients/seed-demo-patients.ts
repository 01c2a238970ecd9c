import { eq, inArray, sql } from 'drizzle-orm';
import { RECORD_TYPES, type RecordKind } from '../../../contracts/patients';
import { addDays } from '../../../domain/dates/date-format';
import { users } from '../../platform/auth/auth.tables';
import type { AppContext } from '../../platform/context';
import { patientRecords } from './patients.tables';
import { recordColumns } from './record-columns';

/**
 * A few records of each kind for the demo patient (patient@demo.test), prescribed by the demo
 * doctor; only when the patient has none. Each goes through its kind's contract, as a form would.
 */
export async function seedDemoPatientRecords(ctx: AppContext, actorUserId: number): Promise<void> {
  const people = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['patient@demo.test', 'doctor@demo.test']));
  const patientId = people.find((p) => p.email === 'patient@demo.test')?.id;
  const doctorId = people.find((p) => p.email === 'doctor@demo.test')?.id ?? null;
  if (!patientId) return;
  const [existing] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(patientRecords)
    .where(eq(patientRecords.patientId, patientId));
  if ((existing?.n ?? 0) > 0) return;

  const today = ctx.now().toISOString().slice(0, 10);
  const daysAgo = (n: number) => addDays(today, -n);
  const records: [RecordKind, Record<string, unknown>][] = [
    [
      'medications',
      {
        medication_name: 'Metformin',
        dosage: '500 mg',
        frequency: 'Twice a day',
        route: 'Oral',
        instructions: 'Take with the morning and evening meals.',
        start_date: daysAgo(120),
        prescribing_doctor_id: doctorId,
        status: 'active',
      },
    ],
    [
      'medications',
      {
        medication_name: 'Amoxicillin',
        dosage: '250 mg',
        frequency: 'Three times a day',
        route: 'Oral',
        start_date: daysAgo(60),
        end_date: daysAgo(53),
        prescribing_doctor_id: doctorId,
        status: 'completed',
      },
    ],
    [
      'medications',
      {
        medication_name: 'Lisinopril',
        dosage: '10 mg',
        frequency: 'Once a day',
        start_date: daysAgo(200),
        end_date: daysAgo(90),
        status: 'discontinued',
        discontinuation_reason: 'Dry cough; replaced by another treatment.',
      },
    ],
    [
      'health_vitals',
      {
        vital_type: 'blood_pressure',
        value_1: 128,
        value_2: 82,
        unit: 'mmHg',
        recorded_at: `${daysAgo(2)}T08:15`,
      },
    ],
    [
      'health_vitals',
      { vital_type: 'glucose', value_1: 6.1, unit: 'mmol/L', recorded_at: `${daysAgo(2)}T07:30` },
    ],
    [
      'health_vitals',
      { vital_type: 'weight', value_1: 78.4, unit: 'kg', recorded_at: `${daysAgo(9)}T09:00` },
    ],
    [
      'allergies',
      {
        allergen_name: 'Penicillin',
        allergen_type: 'drug',
        severity: 'severe',
        symptoms: 'Hives and swelling of the lips.',
        first_occurrence_date: daysAgo(3000),
        status: 'active',
      },
    ],
    [
      'allergies',
      {
        allergen_name: 'Peanuts',
        allergen_type: 'food',
        severity: 'moderate',
        symptoms: 'Itching of the mouth.',
        status: 'suspected',
      },
    ],
    [
      'surgeries',
      {
        procedure_name: 'Appendectomy',
        hospital_name: 'Victoria Hospital',
        surgery_date: daysAgo(1500),
        surgery_duration: 75,
        surgery_type: 'emergency',
        outcome: 'successful',
        discharge_date: daysAgo(1497),
        surgeon_id: doctorId,
      },
    ],
    [
      'hospitalizations',
      {
        hospital_name: 'Victoria Hospital',
        department: 'General surgery',
        admission_date: daysAgo(1501),
        admission_time: '22:40',
        admission_reason: 'Acute abdominal pain.',
        admission_type: 'emergency',
        discharge_date: daysAgo(1497),
        discharge_time: '11:00',
        discharge_condition: 'Good',
        attending_doctor_id: doctorId,
        status: 'discharged',
      },
    ],
  ];
  const now = ctx.now();
  await ctx.db.insert(patientRecords).values(
    records.map(([kind, input]) => {
      const details = RECORD_TYPES[kind].body.parse(input);
      return {
        patientId,
        kind,
        ...recordColumns(kind, details),
        details,
        createdBy: actorUserId,
        createdAt: now,
        updatedAt: now,
      };
    }),
  );
}
