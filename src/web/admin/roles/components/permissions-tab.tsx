import { Button, Group, Stack, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ACCESS_PER_PAGE, type PermissionReply, permissionBody } from '../../../../contracts/access';
import { useUiSettings } from '../../../lib/ui-settings';
import { confirmAndDelete } from '../../../ui/confirm';
import { type Column, DataTable } from '../../../ui/list/data-table';
import { useListState } from '../../../ui/list/use-list-state';
import { SearchInput } from '../../../ui/search-input';
import { useDeletePermission, usePermissions, useSavePermission } from '../roles.api';
import { accessColumns } from './access-columns';
import { AccessFormModal } from './access-form-modal';
import { RowActions } from './row-actions';

const LIST_DEFAULTS = { perPage: ACCESS_PER_PAGE, sort: 'name', direction: 'asc' } as const;

/** The permission list: search, paging (10, spec 2 §9), create, rename and delete. */
export function PermissionsTab() {
  const list = useListState(LIST_DEFAULTS);
  const permissions = usePermissions(list.query);
  const save = useSavePermission();
  const remove = useDeletePermission();
  const settings = useUiSettings();
  const [editing, setEditing] = useState<PermissionReply | null>(null);
  const [creating, setCreating] = useState(false);

  const deletePermission = (permission: PermissionReply) => {
    const heldBy =
      permission.roles_count > 0
        ? ` It is taken from the ${permission.roles_count === 1 ? 'role' : `${permission.roles_count} roles`} that hold it.`
        : '';
    return confirmAndDelete(
      {
        title: `Delete the permission ${permission.name}?`,
        message: `The permission ${permission.name} will be deleted.${heldBy} This action cannot be undone.`,
        confirmLabel: 'Delete permission',
      },
      () => remove.mutateAsync(permission.id),
    );
  };

  const shared = accessColumns<PermissionReply>(settings, { monospace: true });
  const columns: Column<PermissionReply>[] = [
    shared.name,
    shared.description,
    { key: 'roles', title: 'Roles', align: 'right', render: (permission) => permission.roles_count },
    shared.created,
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 100,
      render: (permission) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <RowActions
            name={permission.name}
            noun="permission"
            isBuiltIn={permission.is_built_in}
            onEdit={() => setEditing(permission)}
            onDelete={() => deletePermission(permission)}
          />
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <SearchInput
          value={list.state.search}
          onSearch={list.setSearch}
          placeholder="Search permissions…"
          label="Search permissions"
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New permission
        </Button>
      </Group>
      <DataTable
        label="Permissions"
        columns={columns}
        query={permissions}
        state={list.state}
        onPage={list.setPage}
        onSort={list.toggleSort}
        rowKey={(permission) => permission.id}
        empty={
          list.state.search
            ? {
                title: 'No permissions match your search',
                description: 'Try another name or clear the search.',
              }
            : {
                title: 'No permissions yet',
                description: 'Create a permission named area.action, for example orders.export.',
                action: (
                  <Button variant="light" onClick={() => setCreating(true)}>
                    New permission
                  </Button>
                ),
              }
        }
      />
      <AccessFormModal
        opened={creating || editing !== null}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
        record={editing}
        noun="permission"
        schema={permissionBody}
        namePlaceholder="e.g. orders.export"
        nameHint="area.action in lower-case letters, digits, dashes or underscores, for example orders.export."
        lockedHint="Built-in permissions keep their name, because the shop checks it by name. You can change the description."
        save={async (id, body) => save.mutateAsync({ id, body })}
      />
    </Stack>
  );
}
