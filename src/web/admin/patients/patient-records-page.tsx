import { Alert, Anchor, Badge, Group, Skeleton, Tabs, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PATIENT_MESSAGES as M, RECORD_TYPES } from '../../../contracts/patients';
import { RECORD_KINDS } from '../../../domain/patients/patient-records';
import { errorMessage } from '../../lib/form-errors';
import { PageHeader } from '../../ui/page-header';
import { can, useViewer } from '../session';
import { AccessLog } from './components/access-log';
import { RecordSection } from './components/record-section';
import { usePatient } from './patients.api';

/**
 * A patient's medical records (spec 3 §2 "Patient record tabs"): one tab per kind. Holders of
 * patients.view read; patients.manage adds, edits and deletes (DECISIONS 1).
 */
export function PatientRecordsPage() {
  const id = Number(useParams().id);
  const patient = usePatient(id);
  const { data: viewer } = useViewer();
  const canManage = can(viewer, 'patients.manage');
  const canAudit = can(viewer, 'patients.audit');

  if (patient.isError)
    return (
      <Alert color="red" title={M.loadPatientFailed}>
        {errorMessage(patient.error, M.loadPatientFailed)}{' '}
        <Anchor component={Link} to="/admin/patients">
          Back to the patients
        </Anchor>
      </Alert>
    );
  if (!patient.data) return <Skeleton height={40} role="status" aria-label="Loading the patient" />;

  return (
    <>
      <Anchor component={Link} to="/admin/patients" size="sm">
        ← Patients
      </Anchor>
      <PageHeader
        title={`Medical records: ${patient.data.name}`}
        description={[patient.data.email, patient.data.phone].filter(Boolean).join(' · ')}
        actions={
          !canManage && (
            <Badge variant="light" color="gray">
              Read only
            </Badge>
          )
        }
      />
      <Tabs defaultValue="medications" keepMounted={false}>
        <Tabs.List mb="md">
          {RECORD_KINDS.map((kind) => (
            <Tabs.Tab key={kind} value={kind}>
              {RECORD_TYPES[kind].words.title}
            </Tabs.Tab>
          ))}
          {canAudit && <Tabs.Tab value="access-log">Access log</Tabs.Tab>}
        </Tabs.List>
        {RECORD_KINDS.map((kind) => (
          <Tabs.Panel key={kind} value={kind}>
            <RecordSection kind={kind} patientId={id} canManage={canManage} />
          </Tabs.Panel>
        ))}
        {canAudit && (
          <Tabs.Panel value="access-log">
            <AccessLog patient={{ id, name: patient.data.name }} />
          </Tabs.Panel>
        )}
      </Tabs>
      <Group mt="md">
        <Text size="xs" c="dimmed">
          Every read and change is recorded in the access log.
        </Text>
      </Group>
    </>
  );
}

export default PatientRecordsPage;
