import { Anchor, Group, Tabs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PATIENT_MESSAGES as M, type PatientReply } from '../../../contracts/patients';
import { displayDate } from '../../lib/format';
import { useUiSettings } from '../../lib/ui-settings';
import { type Column, DataTable } from '../../ui/list/data-table';
import { type ListDefaults, useListState } from '../../ui/list/use-list-state';
import { PageHeader } from '../../ui/page-header';
import { SearchInput } from '../../ui/search-input';
import { can, useViewer } from '../session';
import { AccessLog } from './components/access-log';
import { usePatients } from './patients.api';

const LIST_DEFAULTS: ListDefaults = { perPage: 15, sort: 'name' };

/** The patients (users holding the patient role), searched and paged; each opens their records. */
export function PatientsPage() {
  const list = useListState(LIST_DEFAULTS);
  const { state } = list;
  const patients = usePatients(list.query);
  const { date_format } = useUiSettings();
  const { data: viewer } = useViewer();
  const canAudit = can(viewer, 'patients.audit');

  const columns: Column<PatientReply>[] = [
    {
      key: 'name',
      title: 'Patient',
      render: (p) => (
        <Anchor component={Link} to={`/admin/patients/${p.id}`} fw={600} size="sm">
          {p.name}
        </Anchor>
      ),
    },
    { key: 'email', title: 'Email', render: (p) => <Text size="sm">{p.email}</Text> },
    { key: 'phone', title: 'Phone', render: (p) => <Text size="sm">{p.phone ?? '—'}</Text> },
    {
      key: 'created_at',
      title: 'Patient since',
      render: (p) => <Text size="sm">{displayDate(p.created_at.slice(0, 10), date_format)}</Text>,
    },
  ];

  const patientList = (
    <>
      <Group mb="md">
        <SearchInput
          value={state.search}
          onSearch={list.setSearch}
          placeholder="Name, e-mail or phone"
          label="Search patients"
          w={300}
        />
      </Group>
      <DataTable
        label="Patients"
        columns={columns}
        query={patients}
        errorTitle={M.loadPatientsFailed}
        state={state}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        rowKey={(p) => p.id}
        empty={{
          title: state.search ? 'No patients match' : 'No patients yet',
          description: state.search
            ? 'Try another search.'
            : 'Users given the patient role in Users appear here.',
        }}
      />
    </>
  );

  return (
    <>
      <PageHeader
        title="Patients"
        description="Users holding the patient role. Open a patient to see and keep their medical records."
      />
      {canAudit ? (
        <Tabs defaultValue="patients" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="patients">Patients</Tabs.Tab>
            <Tabs.Tab value="access-log">Access log</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="patients">{patientList}</Tabs.Panel>
          <Tabs.Panel value="access-log">
            <AccessLog />
          </Tabs.Panel>
        </Tabs>
      ) : (
        patientList
      )}
    </>
  );
}

export default PatientsPage;
