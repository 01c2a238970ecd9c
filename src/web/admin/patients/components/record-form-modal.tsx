import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type FieldDef,
  type PatientRecordReply,
  RECORD_TYPES,
  type RecordKind,
  valueLabel,
} from '../../../../contracts/patients';
import { hasSecondValue, VITAL_UNITS, type VitalType } from '../../../../domain/patients/patient-records';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { zodValidate } from '../../../lib/zod-form';
import { SystemDateInput } from '../../../ui/date-input';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { failureText, useDoctors, usePatientRecordChanges } from '../patients.api';

type Props = {
  kind: RecordKind;
  patientId: number;
  opened: boolean;
  record: PatientRecordReply | null;
  onClose: () => void;
};

/** The add/edit modal of any record kind (spec 3 §4 "Modals: open, save and close"). */
export function RecordFormModal(props: Props) {
  const { words } = RECORD_TYPES[props.kind];
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.record ? `Edit ${words.item}` : `Add ${words.item}`}
      centered
      size="lg"
    >
      {props.opened && <RecordForm key={props.record?.id ?? 'new'} {...props} />}
    </Modal>
  );
}

type Values = Record<string, string | null>;

/** A record as the form's text values; a new one gets spec 3 §4's defaults (each list's first value). */
function initialValues(fields: readonly FieldDef[], record: PatientRecordReply | null): Values {
  const values: Values = {};
  for (const field of fields) {
    const current = record?.[field.name];
    if (current !== undefined && current !== null) values[field.name] = String(current);
    else if (field.input === 'date' || field.input === 'doctor') values[field.name] = null;
    else if (field.input === 'select' && field.options && !record)
      values[field.name] = field.options[0] ?? '';
    else values[field.name] = '';
  }
  if (!record && 'unit' in values && values.vital_type)
    values.unit = VITAL_UNITS[values.vital_type as VitalType][0] ?? '';
  // A new reading is taken now, in the browser's local time.
  if (!record && 'recorded_at' in values) values.recorded_at = localNow();
  return values;
}

function RecordForm({ kind, patientId, record, onClose }: Props) {
  const type = RECORD_TYPES[kind];
  const { save } = usePatientRecordChanges(kind, patientId);
  const doctors = useDoctors();
  const form = useForm<Values>({
    initialValues: initialValues(type.fields, record),
    validate: zodValidate(type.body),
  });
  const vitalType = form.values.vital_type as VitalType | undefined;

  // spec 3 §8: 422 fills the fields; else the server's message, or the kind's own words.
  const submit = form.onSubmit(async (values) => {
    try {
      const reply = await save.mutateAsync({ id: record?.id ?? null, body: values });
      notifySuccess(reply.message);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields && Object.keys(fields).length > 0) form.setErrors(fields);
      else notifyError(failureText(error, type.words.saveFailed, type.words.saveError));
    }
  });

  const input = (field: FieldDef) => {
    // spec 3 §5: blood pressure needs its second (diastolic) value.
    const required = field.required || field.name === 'value_2';
    const common = { label: labelOf(field, vitalType), required, key: field.name };
    switch (field.input) {
      case 'textarea':
        return <Textarea {...common} autosize minRows={2} maxRows={6} {...form.getInputProps(field.name)} />;
      case 'date':
        return (
          <SystemDateInput
            {...common}
            value={form.values[field.name] ?? null}
            onChange={(iso) => form.setFieldValue(field.name, iso)}
            error={form.errors[field.name] as string | undefined}
          />
        );
      case 'time':
        return <TextInput {...common} type="time" {...form.getInputProps(field.name)} />;
      case 'datetime':
        return <TextInput {...common} type="datetime-local" {...form.getInputProps(field.name)} />;
      case 'number':
        return <TextInput {...common} inputMode="decimal" {...form.getInputProps(field.name)} />;
      case 'doctor':
        return (
          <Select
            {...common}
            clearable
            searchable
            placeholder={doctors.isLoading ? 'Loading doctors…' : 'No doctor'}
            data={(doctors.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
            {...form.getInputProps(field.name)}
          />
        );
      case 'select': {
        // spec 3 §5: the units follow the vital type; changing the type picks its first unit.
        const options = field.name === 'unit' && vitalType ? VITAL_UNITS[vitalType] : (field.options ?? []);
        const props = form.getInputProps(field.name);
        return (
          <Select
            {...common}
            allowDeselect={false}
            data={options.map((value) => ({ value, label: valueLabel(value) }))}
            {...props}
            onChange={(value) => {
              form.setFieldValue(field.name, value ?? '');
              if (field.name === 'vital_type' && value)
                form.setFieldValue('unit', VITAL_UNITS[value as VitalType][0] ?? '');
            }}
          />
        );
      }
      default:
        return <TextInput {...common} {...form.getInputProps(field.name)} />;
    }
  };

  // spec 3 §5: only blood pressure has a second (diastolic) value.
  const shown = type.fields.filter((f) => f.name !== 'value_2' || (vitalType && hasSecondValue(vitalType)));
  const short = shown.filter((f) => f.input !== 'textarea');
  const long = shown.filter((f) => f.input === 'textarea');

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{short.map(input)}</SimpleGrid>
        {long.map(input)}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {record ? 'Save' : `Add ${type.words.item}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function localNow(): string {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}T${two(now.getHours())}:${two(now.getMinutes())}`;
}

function labelOf(field: FieldDef, vitalType: VitalType | undefined): string {
  if (field.name === 'value_1' && vitalType === 'blood_pressure') return 'Systolic';
  return field.label;
}
