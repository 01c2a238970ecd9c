import { ActionIcon, Button, Group, Select, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  type PatientRecordReply,
  RECORD_TYPES,
  type RecordKind,
  recordCell,
  valueLabel,
} from '../../../../contracts/patients';
import { displayDate } from '../../../lib/format';
import { useUiSettings } from '../../../lib/ui-settings';
import { confirmAction } from '../../../ui/confirm';
import { type Column, DataTable } from '../../../ui/list/data-table';
import type { ListState } from '../../../ui/list/use-list-state';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { SearchInput } from '../../../ui/search-input';
import { failureText, usePatientRecordChanges, usePatientRecords } from '../patients.api';
import { RecordFormModal } from './record-form-modal';

/** spec 3 §4: the allergy list starts filtered on active allergies. */
const DEFAULT_FILTER: Partial<Record<RecordKind, string>> = { allergies: 'active' };

/**
 * One record kind of a patient (spec 3 §2 "Patient record tabs"): a paged table with search and the
 * kind's filter, add and edit in a modal, delete after confirming. Driven by the kind's row of
 * RECORD_TYPES; the same component serves all five kinds.
 */
export function RecordSection({
  kind,
  patientId,
  canManage,
}: {
  kind: RecordKind;
  patientId: number;
  canManage: boolean;
}) {
  const type = RECORD_TYPES[kind];
  const { words } = type;
  const { date_format } = useUiSettings();
  const filterOf = (value: string | null | undefined): Record<string, string> =>
    value ? { filter: value } : {};
  const [state, setState] = useState<ListState>({
    page: 1,
    per_page: type.perPage,
    search: '',
    sort: type.dateField,
    direction: 'desc',
    filters: filterOf(DEFAULT_FILTER[kind]),
  });
  const query: Record<string, string | number> = { page: state.page, per_page: state.per_page };
  if (state.search) query.search = state.search;
  if (state.filters.filter) query[type.filter.param] = state.filters.filter;
  const records = usePatientRecords(kind, patientId, query);
  const { remove } = usePatientRecordChanges(kind, patientId);
  const [editing, setEditing] = useState<PatientRecordReply | 'new' | null>(null);

  const nameOf = (record: PatientRecordReply) => valueLabel(String(record[type.nameField] ?? ''));

  const deleteRecord = async (record: PatientRecordReply) => {
    const confirmed = await confirmAction({
      title: `Delete this ${words.item}?`,
      message: `${nameOf(record)} will be deleted from the patient's records. This action cannot be undone.`,
      confirmLabel: `Delete ${words.item}`,
      danger: true,
    });
    if (!confirmed) return;
    try {
      notifySuccess((await remove.mutateAsync(record.id)).message);
    } catch (error) {
      notifyError(failureText(error, words.deleteFailed, words.deleteError));
    }
  };

  const columns: Column<PatientRecordReply>[] = type.fields
    .filter((field) => field.inTable)
    .map((field) => ({
      key: field.name,
      title: field.name === 'value_1' && kind === 'health_vitals' ? 'Value' : field.label,
      render: (record: PatientRecordReply) =>
        field.name === 'value_2' && record.value_2 === null
          ? ''
          : recordCell(field, record, (iso) => displayDate(iso, date_format)),
    }));
  if (canManage)
    columns.push({
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 100,
      render: (record) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Edit" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Edit ${words.item} ${nameOf(record)}`}
              onClick={() => setEditing(record)}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${words.item} ${nameOf(record)}`}
              onClick={() => deleteRecord(record)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    });

  const filtered = Boolean(state.search || state.filters.filter);
  const filterLabel = type.filter.param === 'vital_type' ? 'vital type' : type.filter.param;

  return (
    <>
      <Group mb="md" gap="sm" align="flex-end" justify="space-between">
        <Group gap="sm" align="flex-end">
          <SearchInput
            value={state.search}
            onSearch={(search) => setState((s) => ({ ...s, search, page: 1 }))}
            placeholder={`Search ${words.title.toLowerCase()}`}
            label={`Search ${words.title.toLowerCase()}`}
            w={240}
          />
          <Select
            aria-label={`Filter ${words.title.toLowerCase()} by ${filterLabel}`}
            placeholder={`Any ${filterLabel}`}
            data={type.filter.options.map((value) => ({ value, label: valueLabel(value) }))}
            value={state.filters.filter ?? null}
            onChange={(value) => setState((s) => ({ ...s, page: 1, filters: filterOf(value) }))}
            clearable
            w={200}
          />
        </Group>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add {words.item}
          </Button>
        )}
      </Group>
      <DataTable
        label={words.title}
        columns={columns}
        query={records}
        errorTitle={words.loadFailed}
        state={state}
        onPage={(page) => setState((s) => ({ ...s, page }))}
        onPerPage={(per_page) => setState((s) => ({ ...s, per_page, page: 1 }))}
        rowKey={(record) => record.id}
        empty={{
          title: filtered
            ? `No ${words.title.toLowerCase()} match`
            : `No ${words.title.toLowerCase()} recorded`,
          description: filtered
            ? 'Try another search or clear the filter.'
            : canManage
              ? `Add the patient's first ${words.item}.`
              : undefined,
        }}
      />
      <RecordFormModal
        kind={kind}
        patientId={patientId}
        opened={editing !== null}
        record={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
