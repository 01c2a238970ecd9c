import { Button, Group, Stack, VisuallyHidden } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ACCESS_PER_PAGE, type RoleReply, roleBody } from '../../../../contracts/access';
import { useUiSettings } from '../../../lib/ui-settings';
import { confirmAndDelete } from '../../../ui/confirm';
import { type Column, DataTable } from '../../../ui/list/data-table';
import { useListState } from '../../../ui/list/use-list-state';
import { SearchInput } from '../../../ui/search-input';
import { useDeleteRole, useRoles, useSaveRole } from '../roles.api';
import { accessColumns } from './access-columns';
import { AccessFormModal } from './access-form-modal';
import { RolePermissionsDrawer } from './role-permissions-drawer';
import { RowActions } from './row-actions';

const LIST_DEFAULTS = { perPage: ACCESS_PER_PAGE, sort: 'name', direction: 'asc' } as const;

/** The role list: search, paging (10, spec 2 §9), create, rename, delete and the permission switches. */
export function RolesTab() {
  const list = useListState(LIST_DEFAULTS);
  const roles = useRoles(list.query);
  const save = useSaveRole();
  const remove = useDeleteRole();
  const settings = useUiSettings();
  const [editing, setEditing] = useState<RoleReply | null>(null);
  const [creating, setCreating] = useState(false);
  const [permissionsOf, setPermissionsOf] = useState<RoleReply | null>(null);

  const deleteRole = (role: RoleReply) =>
    confirmAndDelete(
      {
        title: `Delete the role ${role.name}?`,
        message: `The role ${role.name} and its permission grants will be deleted. This action cannot be undone.`,
        confirmLabel: 'Delete role',
      },
      () => remove.mutateAsync(role.id),
    );

  const shared = accessColumns<RoleReply>(settings, { nameWidth: 220 });
  const columns: Column<RoleReply>[] = [
    shared.name,
    shared.description,
    { key: 'permissions', title: 'Permissions', align: 'right', render: (role) => role.permissions_count },
    { key: 'users', title: 'Users', align: 'right', render: (role) => role.users_count },
    shared.created,
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 200,
      render: (role) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconKey size={14} />}
            onClick={() => setPermissionsOf(role)}
            aria-label={`Permissions of ${role.name}`}
          >
            Permissions
          </Button>
          <RowActions
            name={role.name}
            isBuiltIn={role.is_built_in}
            noun="role"
            onEdit={() => setEditing(role)}
            onDelete={() => deleteRole(role)}
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
          placeholder="Search roles…"
          label="Search roles"
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New role
        </Button>
      </Group>
      <DataTable
        label="Roles"
        columns={columns}
        query={roles}
        state={list.state}
        onPage={list.setPage}
        onSort={list.toggleSort}
        rowKey={(role) => role.id}
        empty={
          list.state.search
            ? { title: 'No roles match your search', description: 'Try another name or clear the search.' }
            : {
                title: 'No roles yet',
                description: 'Create a role to group permissions for a team.',
                action: (
                  <Button variant="light" onClick={() => setCreating(true)}>
                    New role
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
        noun="role"
        schema={roleBody}
        namePlaceholder="e.g. wholesale"
        nameHint="Lower-case letters, digits, dashes or underscores; 2 to 50 characters, starting with a letter."
        lockedHint="Built-in roles keep their name, because the shop checks it by name. You can change the description."
        save={async (id, body) => save.mutateAsync({ id, body })}
      />
      <RolePermissionsDrawer role={permissionsOf} onClose={() => setPermissionsOf(null)} />
    </Stack>
  );
}
