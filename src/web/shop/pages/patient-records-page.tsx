import { Badge, Card, Group, ScrollArea, Table, Text, Title } from '@mantine/core';
import {
  type PatientRecordReply,
  type PatientRecordsProps,
  RECORD_TYPES,
  recordCell,
} from '../../../contracts/patients';
import { formatIsoDate } from '../../../domain/dates/date-format';
import { RECORD_KINDS } from '../../../domain/patients/patient-records';
import { AreaShell } from './area-shell';

const showDate = (iso: string) => formatIsoDate(iso, 'DD/MM/YYYY');

/**
 * "My medical records" (DECISIONS 23; docs/decisions/0063): the signed-in patient's medications,
 * vitals, allergies, surgeries and hospitalizations, newest first, read-only — the clinic's staff
 * keep them.
 */
const AREA_ROLE = 'patient';

export function PatientRecordsPage({ records, limit }: PatientRecordsProps) {
  return (
    <AreaShell role={AREA_ROLE} section="records" title="My medical records">
      <Text c="dimmed">
        Your records as your clinic keeps them. To correct anything, please ask your doctor or the clinic's
        staff.
      </Text>
      {RECORD_KINDS.map((kind) => {
        const type = RECORD_TYPES[kind];
        const rows = records[kind];
        const columns = type.fields.filter((field) => field.inTable);
        const headingId = `records-${kind}`;
        return (
          <Card withBorder padding="lg" key={kind} component="section" aria-labelledby={headingId}>
            <Group justify="space-between" mb="sm">
              <Title order={3} size="h4" id={headingId}>
                {type.words.title}
              </Title>
              <Badge variant="light" color="gray">
                {rows.length}
              </Badge>
            </Group>
            {rows.length === 0 ? (
              <Text c="dimmed">No {type.words.title.toLowerCase()} recorded.</Text>
            ) : (
              <ScrollArea type="auto">
                <Table striped verticalSpacing="xs" miw={560}>
                  {rows.length >= limit && (
                    <Table.Caption>{`The newest ${limit} ${type.words.title.toLowerCase()}.`}</Table.Caption>
                  )}
                  <Table.Thead>
                    <Table.Tr>
                      {columns.map((field) => (
                        <Table.Th key={field.name} scope="col">
                          {field.label}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((record: PatientRecordReply) => (
                      <Table.Tr key={record.id}>
                        {columns.map((field) => (
                          <Table.Td key={field.name}>{recordCell(field, record, showDate)}</Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            )}
          </Card>
        );
      })}
    </AreaShell>
  );
}

export default PatientRecordsPage;
