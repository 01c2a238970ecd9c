import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { type StoreLocationReply, storeLocationBody } from '../../../../contracts/stock';
import { errorMessage, fieldErrorsOf } from '../../../lib/form-errors';
import { zodValidate } from '../../../lib/zod-form';
import { confirmAction } from '../../../ui/confirm';
import { LoadFailed } from '../../../ui/load-failed';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useStoreLocationChanges, useStoreLocations } from '../stock.api';
import { STOCK_UI_MESSAGES } from '../stock-messages';

type Mode = { kind: 'list' } | { kind: 'form'; location: StoreLocationReply | null };

/**
 * The stock settings' store-locations modal (spec 2 §2, §3 Store location, §7): the locations, and
 * add, edit and delete (after confirming). A location that still holds stock is refused by the
 * server (409), and its message is shown.
 */
export function StoreLocationsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const close = () => {
    setMode({ kind: 'list' });
    onClose();
  };
  const title =
    mode.kind === 'list'
      ? 'Store locations'
      : mode.location
        ? `Edit ${mode.location.name}`
        : 'New store location';
  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" centered>
      {opened &&
        (mode.kind === 'list' ? (
          <LocationList
            onAdd={() => setMode({ kind: 'form', location: null })}
            onEdit={(l) => setMode({ kind: 'form', location: l })}
          />
        ) : (
          <LocationForm
            key={mode.location?.id ?? 'new'}
            location={mode.location}
            onDone={() => setMode({ kind: 'list' })}
          />
        ))}
    </Modal>
  );
}

function LocationList({
  onAdd,
  onEdit,
}: {
  onAdd: () => void;
  onEdit: (location: StoreLocationReply) => void;
}) {
  const locations = useStoreLocations();
  const { remove } = useStoreLocationChanges();

  const deleteLocation = async (location: StoreLocationReply) => {
    const confirmed = await confirmAction({
      title: `Delete ${location.name}?`,
      message: `The store location ${location.name} will be deleted; its stock movements keep their history. A location that still holds stock cannot be deleted. This action cannot be undone.`,
      confirmLabel: 'Delete location',
      danger: true,
    });
    if (!confirmed) return;
    try {
      notifySuccess((await remove.mutateAsync(location.id)).message);
    } catch (error) {
      notifyError(errorMessage(error, STOCK_UI_MESSAGES.locationDeleteFailed));
    }
  };

  let body: ReactNode;
  if (locations.isLoading) {
    body = (
      <Center py="lg">
        <Loader size="sm" role="status" aria-label="Loading store locations" />
      </Center>
    );
  } else if (locations.isError) {
    body = <LoadFailed title={STOCK_UI_MESSAGES.locationsFailed} onRetry={() => locations.refetch()} />;
  } else if ((locations.data ?? []).length === 0) {
    body = (
      <Text size="sm" c="dimmed" py="md" ta="center">
        No store locations yet. Without locations, stock is counted per product or variant only; once an
        active location exists, every stock update names one.
      </Text>
    );
  } else {
    body = (
      <Table verticalSpacing="xs" aria-label="Store locations" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(locations.data ?? []).map((location) => (
            <Table.Tr key={location.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {location.name}
                </Text>
                {(location.address || location.description) && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {location.address ?? location.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace" c={location.code ? undefined : 'dimmed'}>
                  {location.code ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={location.is_active ? 'teal' : 'gray'}>
                  {location.is_active ? 'Active' : 'Inactive'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label="Edit" withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Edit ${location.name}`}
                      onClick={() => onEdit(location)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete" withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${location.name}`}
                      onClick={() => deleteLocation(location)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    <Stack gap="sm">
      {body}
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
          Add location
        </Button>
      </Group>
    </Stack>
  );
}

function LocationForm({ location, onDone }: { location: StoreLocationReply | null; onDone: () => void }) {
  const { save } = useStoreLocationChanges();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      name: location?.name ?? '',
      code: location?.code ?? '',
      description: location?.description ?? '',
      address: location?.address ?? '',
      is_active: location?.is_active ?? true,
    },
    validate: zodValidate(storeLocationBody),
  });

  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    try {
      const reply = await save.mutateAsync({
        id: location?.id ?? null,
        body: {
          name: values.name.trim(),
          code: values.code.trim() || null,
          description: values.description.trim() || null,
          address: values.address.trim() || null,
          is_active: values.is_active,
        },
      });
      notifySuccess(reply.message);
      onDone();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      else setProblem(errorMessage(error, STOCK_UI_MESSAGES.locationSaveFailed));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={location ? 'Edit store location' : 'New store location'}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          withAsterisk
          data-autofocus
          placeholder="e.g. Shop, Back room"
          {...form.getInputProps('name')}
        />
        <TextInput label="Code" placeholder="e.g. BR" maxLength={50} {...form.getInputProps('code')} />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxLength={1000}
          {...form.getInputProps('description')}
        />
        <Textarea label="Address" autosize minRows={2} maxLength={1000} {...form.getInputProps('address')} />
        <Switch
          label="Active"
          description="Stock updates can name active locations only."
          {...form.getInputProps('is_active', { type: 'checkbox' })}
        />
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Back to the list
          </Button>
          <Button type="submit" loading={save.isPending}>
            {location ? 'Save location' : 'Add location'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
