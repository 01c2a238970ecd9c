import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconEye, IconMailOpened, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type ContactMessageReply, CONTACT_MESSAGES as M } from '../../../contracts/contact';
import { errorMessage } from '../../lib/form-errors';
import { displayDateTime } from '../../lib/format';
import { useUiSettings } from '../../lib/ui-settings';
import { confirmAction } from '../../ui/confirm';
import { type Column, DataTable } from '../../ui/list/data-table';
import { type ListDefaults, useListState } from '../../ui/list/use-list-state';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { SearchInput } from '../../ui/search-input';
import { useContactMessageChanges, useContactMessages } from './contact.api';

const LIST_DEFAULTS: ListDefaults = {
  perPage: 'setting',
  sort: 'created_at',
  direction: 'desc',
  filters: ['status'],
};

function ReadBadge({ message }: { message: ContactMessageReply }) {
  return (
    <Badge size="sm" variant="light" color={message.is_read ? 'gray' : 'blue'}>
      {message.is_read ? 'Read' : 'New'}
    </Badge>
  );
}

/**
 * The storefront contact form's messages (spec 3 §5 Contact form; docs/decisions/0055): newest
 * first, searched, read in a dialog, marked read or unread, deleted after asking.
 */
export function ContactMessagesPage() {
  const list = useListState(LIST_DEFAULTS);
  const { state } = list;
  const messages = useContactMessages(list.query);
  const { mark, remove } = useContactMessageChanges();
  const { date_format, timezone } = useUiSettings();
  const [open, setOpen] = useState<ContactMessageReply | null>(null);
  const when = (iso: string) => displayDateTime(iso, date_format, timezone);

  const setRead = async (message: ContactMessageReply, isRead: boolean) => {
    try {
      const reply = await mark.mutateAsync({ id: message.id, is_read: isRead });
      notifySuccess(reply.message);
      if (reply.data && open?.id === message.id) setOpen(reply.data);
    } catch (error) {
      notifyError(errorMessage(error, M.changeFailed));
    }
  };

  const deleteMessage = async (message: ContactMessageReply) => {
    const confirmed = await confirmAction({
      title: 'Delete this message?',
      message: `The message from ${message.name} (${message.email}) will be deleted. This action cannot be undone.`,
      confirmLabel: 'Delete message',
      danger: true,
    });
    if (!confirmed) return;
    try {
      notifySuccess((await remove.mutateAsync(message.id)).message);
      if (open?.id === message.id) setOpen(null);
    } catch (error) {
      notifyError(errorMessage(error, M.changeFailed));
    }
  };

  const columns: Column<ContactMessageReply>[] = [
    {
      key: 'created_at',
      title: 'Received',
      sort: 'created_at',
      render: (m) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {when(m.created_at)}
        </Text>
      ),
    },
    {
      key: 'name',
      title: 'From',
      sort: 'name',
      render: (m) => (
        <Stack gap={0} miw={160}>
          <Text size="sm" fw={m.is_read ? 400 : 700}>
            {m.name}
          </Text>
          <Text size="xs" c="dimmed">
            {m.email}
            {m.phone ? ` · ${m.phone}` : ''}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'message',
      title: 'Message',
      render: (m) => (
        <Text size="sm" lineClamp={2} maw={420}>
          {m.message}
        </Text>
      ),
    },
    { key: 'status', title: 'Status', render: (m) => <ReadBadge message={m} /> },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 130,
      render: (m) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Open" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Open the message from ${m.name}`}
              onClick={() => setOpen(m)}
            >
              <IconEye size={16} />
            </ActionIcon>
          </Tooltip>
          {!m.is_read && (
            <Tooltip label="Mark as read" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Mark the message from ${m.name} as read`}
                onClick={() => setRead(m, true)}
              >
                <IconMailOpened size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label="Delete" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete the message from ${m.name}`}
              onClick={() => deleteMessage(m)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  const filtered = Boolean(state.search || state.filters.status);

  return (
    <>
      <PageHeader
        title="Contact messages"
        description="What visitors wrote through the shop's contact form; each one is also e-mailed to the admin address."
      />
      <Group mb="md" gap="sm" align="flex-end">
        <SearchInput
          value={state.search}
          onSearch={list.setSearch}
          placeholder="Name, e-mail, phone or message"
          label="Search contact messages"
          w={300}
        />
        <Select
          aria-label="Filter by status"
          placeholder="Read and new"
          data={[
            { value: 'unread', label: 'New' },
            { value: 'read', label: 'Read' },
          ]}
          value={state.filters.status ?? null}
          onChange={(value) => list.setFilter('status', value)}
          clearable
          w={190}
        />
      </Group>
      <DataTable
        label="Contact messages"
        columns={columns}
        query={messages}
        errorTitle={M.loadFailed}
        state={state}
        onPage={list.setPage}
        onSort={list.toggleSort}
        rowKey={(m) => m.id}
        empty={{
          title: filtered ? 'No messages match' : 'No contact messages yet',
          description: filtered
            ? 'Try another search or clear the filter.'
            : 'Messages sent through the contact form of the shop appear here.',
        }}
      />
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `Message from ${open.name}` : ''}
        size="lg"
      >
        {open && (
          <Stack gap="sm">
            <Group gap="xs">
              <ReadBadge message={open} />
              <Text size="sm" c="dimmed">
                Received {when(open.created_at)}
                {open.read_at ? ` · read ${when(open.read_at)}` : ''}
              </Text>
            </Group>
            <Text size="sm">
              <Anchor href={`mailto:${open.email}`}>{open.email}</Anchor>
              {open.phone ? ` · ${open.phone}` : ''}
            </Text>
            <Text
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              data-testid="contact-message-text"
            >
              {open.message}
            </Text>
            <Group justify="flex-end" mt="sm">
              <Button variant="default" loading={mark.isPending} onClick={() => setRead(open, !open.is_read)}>
                {open.is_read ? 'Mark as unread' : 'Mark as read'}
              </Button>
              <Button color="red" variant="light" onClick={() => deleteMessage(open)}>
                Delete
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

export default ContactMessagesPage;
