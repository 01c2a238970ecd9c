/**
 * Patient medical records (spec 3 §3 "Patient records", §4, §5 "Health vitals"; DECISIONS 23;
 * docs/decisions/0063): the five record kinds, their value sets and the rules the form and the
 * server share.
 */

export const RECORD_KINDS = [
  'medications',
  'health_vitals',
  'allergies',
  'surgeries',
  'hospitalizations',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

// spec 3 §4 value sets; the first of each is the form's default where §4 names one.
export const MEDICATION_STATUSES = ['active', 'discontinued', 'completed'] as const;
export const ALLERGY_STATUSES = ['active', 'resolved', 'suspected'] as const;
export const ALLERGY_SEVERITIES = ['mild', 'moderate', 'severe', 'life_threatening'] as const;
export const ALLERGEN_TYPES = ['drug', 'food', 'environmental', 'other'] as const;
export const SURGERY_TYPES = ['elective', 'emergency', 'urgent'] as const;
export const SURGERY_OUTCOMES = ['successful', 'complicated', 'failed'] as const;
export const HOSPITALIZATION_STATUSES = ['admitted', 'discharged', 'transferred'] as const;
export const ADMISSION_TYPES = ['emergency', 'elective', 'urgent', 'transfer'] as const;

/** spec 3 §5 Health vitals: the types and the units each may be recorded in. */
export const VITAL_TYPES = ['glucose', 'weight', 'blood_pressure'] as const;
export type VitalType = (typeof VITAL_TYPES)[number];
export const VITAL_UNITS: Record<VitalType, readonly string[]> = {
  glucose: ['mg/dL', 'mmol/L'],
  weight: ['kg', 'lbs'],
  blood_pressure: ['mmHg'],
};

/**
 * The values a reading may take, per unit (the spec names none; docs/decisions/0063): wide enough
 * for any reading a person can live through, narrow enough to catch a unit mix-up or a typo.
 */
export const VITAL_RANGES: Record<string, { min: number; max: number }> = {
  'mg/dL': { min: 10, max: 1000 },
  'mmol/L': { min: 0.5, max: 55 },
  kg: { min: 0.5, max: 500 },
  lbs: { min: 1, max: 1100 },
  // Blood pressure: value_1 systolic, value_2 diastolic.
  systolic: { min: 40, max: 300 },
  diastolic: { min: 20, max: 200 },
};

/** spec 3 §5: only blood pressure has a second value (diastolic); other types clear value_2. */
export const hasSecondValue = (type: VitalType) => type === 'blood_pressure';

export const isVitalUnit = (type: VitalType, unit: string) => VITAL_UNITS[type].includes(unit);

export type VitalProblem =
  | { field: 'unit'; problem: 'unit' }
  | { field: 'value_1' | 'value_2'; problem: 'range'; min: number; max: number }
  | { field: 'value_2'; problem: 'required' | 'not_below_systolic' };

/** The problems of one reading: unit for the type, values in range, diastolic below systolic. */
export function vitalProblems(reading: {
  vital_type: VitalType;
  unit: string;
  value_1: number;
  value_2: number | null;
}): VitalProblem[] {
  const problems: VitalProblem[] = [];
  if (!isVitalUnit(reading.vital_type, reading.unit)) return [{ field: 'unit', problem: 'unit' }];
  const outside = (value: number, range: { min: number; max: number }) =>
    value < range.min || value > range.max;
  if (reading.vital_type === 'blood_pressure') {
    const systolic = VITAL_RANGES.systolic!;
    const diastolic = VITAL_RANGES.diastolic!;
    if (outside(reading.value_1, systolic))
      problems.push({ field: 'value_1', problem: 'range', ...systolic });
    if (reading.value_2 === null) problems.push({ field: 'value_2', problem: 'required' });
    else if (outside(reading.value_2, diastolic))
      problems.push({ field: 'value_2', problem: 'range', ...diastolic });
    else if (reading.value_2 >= reading.value_1)
      problems.push({ field: 'value_2', problem: 'not_below_systolic' });
    return problems;
  }
  const range = VITAL_RANGES[reading.unit]!;
  if (outside(reading.value_1, range)) problems.push({ field: 'value_1', problem: 'range', ...range });
  return problems;
}

/**
 * DECISIONS 23: an end or discharge date is not before its start or admission. ISO dates
 * (YYYY-MM-DD) compare as text; a missing date breaks no order. On the same day, a discharge time
 * (HH:MM) is not before the admission time.
 */
export function isInOrder(
  start: string | null | undefined,
  end: string | null | undefined,
  times: { start?: string | null; end?: string | null } = {},
): boolean {
  if (!start || !end) return true;
  if (end < start) return false;
  if (end === start && times.start && times.end) return times.end >= times.start;
  return true;
}

/** A time of day typed as HH:MM (24-hour clock). */
export function isTimeOfDay(text: string): boolean {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match !== null;
}
