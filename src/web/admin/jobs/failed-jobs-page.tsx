import { ActionIcon, Code, Group, Modal, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type FailedJobReply, JOB_MESSAGES as M } from '../../../contracts/jobs';
import { errorMessage } from '../../lib/form-errors';
import { displayDateTime } from '../../lib/format';
import { useUiSettings } from '../../lib/ui-settings';
import { confirmAction } from '../../ui/confirm';
import { type Column, DataTable } from '../../ui/list/data-table';
import { type ListDefaults, useListState } from '../../ui/list/use-list-state';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { useFailedJobChanges, useFailedJobs } from './jobs.api';

const LIST_DEFAULTS: ListDefaults = { perPage: 25, sort: 'failed_at', direction: 'desc', filters: [] };

/**
 * Background jobs (e-mails, SMS, housekeeping) that failed after all their attempts
 * (docs/decisions/0073): read with their last error and redacted payload, retried or discarded
 * after asking.
 */
export function FailedJobsPage() {
  const list = useListState(LIST_DEFAULTS);
  const { state } = list;
  const failed = useFailedJobs(list.query);
  const { retry, discard } = useFailedJobChanges();
  const { date_format, timezone } = useUiSettings();
  const [open, setOpen] = useState<FailedJobReply | null>(null);
  const when = (iso: string | null) => (iso ? displayDateTime(iso, date_format, timezone) : '—');

  const retryJob = async (job: FailedJobReply) => {
    const confirmed = await confirmAction({
      title: 'Retry this job?',
      message: `"${job.name}" will be queued again with ${job.max_attempts} fresh attempts.`,
      confirmLabel: 'Retry job',
    });
    if (!confirmed) return;
    try {
      notifySuccess((await retry.mutateAsync(job.id)).message);
      setOpen(null);
    } catch (error) {
      notifyError(errorMessage(error, M.changeFailed));
    }
  };

  const discardJob = async (job: FailedJobReply) => {
    const confirmed = await confirmAction({
      title: 'Discard this job?',
      message: `"${job.name}" will be deleted and not tried again. This action cannot be undone.`,
      confirmLabel: 'Discard job',
      danger: true,
    });
    if (!confirmed) return;
    try {
      notifySuccess((await discard.mutateAsync(job.id)).message);
      setOpen(null);
    } catch (error) {
      notifyError(errorMessage(error, M.changeFailed));
    }
  };

  const columns: Column<FailedJobReply>[] = [
    {
      key: 'name',
      title: 'Job',
      render: (j) => (
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {j.name}
        </Text>
      ),
    },
    {
      key: 'attempts',
      title: 'Attempts',
      render: (j) => (
        <Text size="sm">
          {j.attempts} of {j.max_attempts}
        </Text>
      ),
    },
    {
      key: 'last_error',
      title: 'Last error',
      render: (j) => (
        <Text size="sm" lineClamp={2} maw={380} style={{ overflowWrap: 'anywhere' }}>
          {j.last_error ?? '—'}
        </Text>
      ),
    },
    {
      key: 'created_at',
      title: 'Queued',
      render: (j) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {when(j.created_at)}
        </Text>
      ),
    },
    {
      key: 'failed_at',
      title: 'Failed',
      render: (j) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {when(j.failed_at)}
        </Text>
      ),
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 130,
      render: (j) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Details" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Open job ${j.id}`}
              onClick={() => setOpen(j)}
            >
              <IconEye size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={j.retryable ? 'Retry' : M.secretGone} withArrow multiline w={260}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Retry job ${j.id}`}
              disabled={!j.retryable}
              loading={retry.isPending && retry.variables === j.id}
              onClick={() => retryJob(j)}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Discard" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Discard job ${j.id}`}
              loading={discard.isPending && discard.variables === j.id}
              onClick={() => discardJob(j)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Failed jobs"
        description="E-mails, SMS and housekeeping that still failed after all their attempts. Retry one once the cause is fixed (an SMTP setting, say), or discard it. Failed jobs are deleted after 30 days."
      />
      <DataTable
        label="Failed jobs"
        columns={columns}
        query={failed}
        errorTitle={M.loadFailed}
        state={state}
        onPage={list.setPage}
        onSort={list.toggleSort}
        rowKey={(j) => j.id}
        empty={{
          title: 'No failed jobs',
          description: 'Every e-mail, SMS and housekeeping job has gone through, or is still being tried.',
        }}
      />
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `Job ${open.id}: ${open.name}` : ''}
        size="lg"
      >
        {open && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Queued {when(open.created_at)} · failed {when(open.failed_at)} · {open.attempts} of{' '}
              {open.max_attempts} attempts
            </Text>
            <Text size="sm" fw={600}>
              Last error
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {open.last_error ?? '—'}
            </Text>
            <Text size="sm" fw={600}>
              Payload (secrets hidden)
            </Text>
            <Code block data-testid="job-payload">
              {JSON.stringify(open.payload, null, 2)}
            </Code>
          </Stack>
        )}
      </Modal>
    </>
  );
}

export default FailedJobsPage;
