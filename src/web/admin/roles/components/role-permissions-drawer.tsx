import { Badge, Drawer, Group, Paper, Skeleton, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { ACCESS_MESSAGES } from '../../../../contracts/access';
import { groupByArea, isProtectedGrant } from '../../../../domain/access/access-rules';
import { isBuiltInPermission } from '../../../../domain/access/permissions';
import { errorMessage } from '../../../lib/form-errors';
import { LoadFailed } from '../../../ui/load-failed';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useRolePermissions, useTogglePermission } from '../roles.api';

/**
 * Every permission of the shop, grouped by area, with a switch per permission for one role.
 * A switch acts at once (spec 2 §6 attach/detach); signed-in users of the role get the change on
 * their next request.
 */
export function RolePermissionsDrawer({
  role,
  onClose,
}: {
  role: { id: number; name: string } | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={role !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={role ? `Permissions of ${role.name}` : ''}
      aria-label={role ? `Permissions of ${role.name}` : undefined}
    >
      {role && <PermissionSwitches roleId={role.id} />}
    </Drawer>
  );
}

function PermissionSwitches({ roleId }: { roleId: number }) {
  const query = useRolePermissions(roleId);
  const toggle = useTogglePermission();

  if (query.isLoading) {
    return (
      <Stack data-testid="permissions-loading">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
          <Skeleton key={i} height={28} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (query.isError || !query.data) {
    return (
      <LoadFailed title="Failed to load the permissions of this role." onRetry={() => query.refetch()} />
    );
  }

  const { role, permissions, all_permissions: all } = query.data;
  const held = new Set(permissions.map((p) => p.id));
  const groups = groupByArea(all);

  const change = (permission: { id: number; name: string }, on: boolean) =>
    toggle.mutate(
      { roleId, permission, held: on },
      {
        onSuccess: () =>
          notifySuccess(
            on
              ? `${role.name} can now use ${permission.name}.`
              : `${role.name} can no longer use ${permission.name}.`,
          ),
        onError: (error) =>
          notifyError(errorMessage(error, 'Failed to change the permission. Please try again.')),
      },
    );

  if (all.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        There are no permissions yet. Create one on the Permissions tab.
      </Text>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {held.size} of {all.length} permissions. Changes apply at once, on the next page each signed-in user
        opens.
      </Text>
      {groups.map((group) => (
        <Paper
          key={group.area}
          withBorder
          p="sm"
          radius="md"
          component="section"
          aria-label={`Area ${group.area}`}
        >
          <Title order={5} tt="capitalize" mb="xs">
            {group.area}
          </Title>
          <Stack gap="sm">
            {group.items.map((permission) => (
              <PermissionSwitch
                key={permission.id}
                permission={permission}
                checked={held.has(permission.id)}
                locked={isProtectedGrant(role.name, permission.name)}
                onChange={(on) => change(permission, on)}
              />
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function PermissionSwitch({
  permission,
  checked,
  locked,
  onChange,
}: {
  permission: { id: number; name: string; description: string | null };
  checked: boolean;
  locked: boolean;
  onChange: (on: boolean) => void;
}) {
  const control = (
    <Switch
      // The permission's name alone names the switch; its description is read as a description.
      aria-label={permission.name}
      checked={checked}
      disabled={locked}
      // Disabled but plainly on: the default disabled look reads as "off".
      styles={
        locked
          ? {
              track: {
                backgroundColor: 'var(--mantine-primary-color-filled)',
                borderColor: 'var(--mantine-primary-color-filled)',
                opacity: 0.6,
              },
              thumb: {
                backgroundColor: 'var(--mantine-color-white)',
                borderColor: 'var(--mantine-color-white)',
              },
              label: { color: 'var(--mantine-color-text)' },
            }
          : undefined
      }
      onChange={(event) => onChange(event.currentTarget.checked)}
      label={
        <Group gap={6} wrap="nowrap">
          <Text size="sm" ff="monospace">
            {permission.name}
          </Text>
          {locked && <IconLock size={14} aria-hidden color="var(--mantine-color-dimmed)" />}
          {!isBuiltInPermission(permission.name) && (
            <Badge size="xs" variant="light" color="grape">
              custom
            </Badge>
          )}
        </Group>
      }
      description={
        locked
          ? `${permission.description ?? ''} (always on for admin)`.trim()
          : (permission.description ?? undefined)
      }
    />
  );
  if (!locked) return control;
  // The one switch nobody may turn off (docs/decisions/0005); the tooltip says why.
  return (
    <Tooltip
      label={ACCESS_MESSAGES.adminKeepsRolesManage}
      multiline
      w={260}
      withArrow
      position="bottom-start"
    >
      <div data-testid="locked-permission">{control}</div>
    </Tooltip>
  );
}
