import { ActionIcon, Alert, Badge, Button, Group, Image, Paper, Skeleton, Table, Text } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SLIDER_MESSAGES as M, type SliderReply } from '../../../contracts/sliders';
import { errorMessage } from '../../lib/form-errors';
import { confirmDelete } from '../../ui/confirm';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { useDeleteSlider, useSliders } from './sliders.api';

/** The home sliders (spec 2 §2): name, slides, active; edit and delete with confirmation. */
export default function SlidersPage() {
  const { data, isLoading, isError } = useSliders();
  const remove = useDeleteSlider();

  const onDelete = async (slider: SliderReply) => {
    if (!(await confirmDelete(`the slider "${slider.name}"`))) return;
    try {
      notifySuccess((await remove.mutateAsync(slider.id)).message);
    } catch (error) {
      notifyError(errorMessage(error, M.deleteFailed));
    }
  };

  return (
    <>
      <PageHeader
        title="Sliders"
        description="The storefront home page shows the first active slider."
        actions={
          <Button component={Link} to="/admin/sliders/create" leftSection={<IconPlus size={16} />}>
            New slider
          </Button>
        }
      />
      {isLoading && <Skeleton h={200} />}
      {isError && (
        <Alert color="red" role="alert">
          {M.loadList}
        </Alert>
      )}
      {data && (
        <Paper withBorder radius="md">
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Slides</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th w={100}>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c="dimmed" ta="center" py="md">
                      No sliders yet.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {data.map((slider) => (
                <Table.Tr key={slider.id}>
                  <Table.Td>
                    <Text fw={600}>{slider.name}</Text>
                    <Text size="xs" c="dimmed">
                      {slider.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {slider.slides
                        .slice(0, 4)
                        .map((s) =>
                          s.image_path ? (
                            <Image
                              key={s.id}
                              src={s.image_path}
                              alt={s.title}
                              h={32}
                              w={48}
                              radius="sm"
                              fit="cover"
                            />
                          ) : null,
                        )}
                      <Text size="sm" c="dimmed" ml={4}>
                        {slider.slides_count}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={slider.is_active ? 'green' : 'gray'}>
                      {slider.is_active ? 'Active' : 'Inactive'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <ActionIcon
                        component={Link}
                        to={`/admin/sliders/${slider.id}/edit`}
                        variant="subtle"
                        aria-label={`Edit ${slider.name}`}
                      >
                        <IconEdit size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${slider.name}`}
                        onClick={() => onDelete(slider)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </>
  );
}
