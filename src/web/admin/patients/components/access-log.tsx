import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { ACCESS_LOG_PER_PAGE, type AccessLogEntry, RECORD_TYPES } from '../../../../contracts/patients';
import { displayDateTime } from '../../../lib/format';
import { useUiSettings } from '../../../lib/ui-settings';
import { type Column, DataTable } from '../../../ui/list/data-table';
import type { ListState } from '../../../ui/list/use-list-state';
import { useAccessLog } from '../patients.api';

type Filter = { id: number; name: string };

/**
 * The patient-record access log (issue 17; docs/decisions/0070): who read or changed which record
 * and when, newest first, 25 a page. A click on a user (or, across patients, on a patient) filters
 * the log by them; the filter shows above the table with a button to clear it.
 */
export function AccessLog({ patient }: { patient?: Filter }) {
  const { date_format, timezone } = useUiSettings();
  const [page, setPage] = useState(1);
  const [user, setUser] = useState<Filter | null>(null);
  const [patientFilter, setPatientFilter] = useState<Filter | null>(patient ?? null);
  const log = useAccessLog({
    page,
    ...(patientFilter ? { patient_id: patientFilter.id } : {}),
    ...(user ? { user_id: user.id } : {}),
  });
  const state: ListState = {
    page,
    per_page: ACCESS_LOG_PER_PAGE,
    search: '',
    sort: 'created_at',
    direction: 'desc',
    filters: {},
  };
  const filterBy = (set: (f: Filter | null) => void, filter: Filter | null) => {
    set(filter);
    setPage(1);
  };

  const columns: Column<AccessLogEntry>[] = [
    {
      key: 'created_at',
      title: 'When',
      render: (e) => <Text size="sm">{displayDateTime(e.created_at, date_format, timezone)}</Text>,
    },
    {
      key: 'user',
      title: 'User',
      render: (e) =>
        e.user_id === null ? (
          <Text size="sm">—</Text>
        ) : (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => filterBy(setUser, { id: e.user_id!, name: e.user_name ?? `#${e.user_id}` })}
            aria-label={`Show only ${e.user_name ?? `user #${e.user_id}`}`}
          >
            {e.user_name ?? `Deleted user #${e.user_id}`}
          </Anchor>
        ),
    },
    ...(patient
      ? []
      : [
          {
            key: 'patient',
            title: 'Patient',
            render: (e: AccessLogEntry) => (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() =>
                  filterBy(setPatientFilter, { id: e.patient_id, name: e.patient_name ?? `#${e.patient_id}` })
                }
                aria-label={`Show only patient ${e.patient_name ?? `#${e.patient_id}`}`}
              >
                {e.patient_name ?? `Deleted patient #${e.patient_id}`}
              </Anchor>
            ),
          },
        ]),
    {
      key: 'action',
      title: 'Action',
      render: (e) => (
        <Badge variant="light" color={e.action === 'list' || e.action === 'read' ? 'gray' : 'blue'}>
          {e.action_label}
        </Badge>
      ),
    },
    {
      key: 'record',
      title: 'Record',
      render: (e) => (
        <Text size="sm">
          {e.record_kind ? RECORD_TYPES[e.record_kind].words.title : 'All records'}
          {e.record_id !== null ? ` #${e.record_id}` : ''}
        </Text>
      ),
    },
    {
      key: 'source',
      title: 'Where',
      render: (e) => <Text size="sm">{e.source === 'patient_area' ? 'Patient area' : 'Back office'}</Text>,
    },
  ];

  const activeFilters = [
    ...(patientFilter && !patient
      ? [{ label: `Patient: ${patientFilter.name}`, clear: setPatientFilter }]
      : []),
    ...(user ? [{ label: `User: ${user.name}`, clear: setUser }] : []),
  ];

  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        Every read and change of a patient's records, newest first. Select a user
        {patient ? '' : ' or a patient'} to see only their entries.
      </Text>
      {activeFilters.length > 0 && (
        <Group mb="sm" gap="xs">
          {activeFilters.map((f) => (
            <Button
              key={f.label}
              size="xs"
              variant="light"
              onClick={() => filterBy(f.clear, null)}
              aria-label={`${f.label} — clear this filter`}
            >
              {f.label} ✕
            </Button>
          ))}
        </Group>
      )}
      <DataTable
        label="Access log"
        columns={columns}
        result={log.data?.data}
        isLoading={log.isLoading}
        isFetching={log.isFetching}
        isError={log.isError}
        errorTitle="Failed to load the access log"
        onRetry={() => log.refetch()}
        state={state}
        onPage={setPage}
        rowKey={(e) => e.id}
        empty={{
          title: 'No entries',
          description: user
            ? 'This user has not read or changed these records.'
            : 'Nobody has read these records yet.',
        }}
      />
    </>
  );
}
