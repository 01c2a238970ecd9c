import { Group, MultiSelect, Skeleton, Text } from '@mantine/core';
import { USER_SCREEN_MESSAGES } from '../../../../contracts/accounts';
import { LoadFailed } from '../../../ui/load-failed';
import { useRoleOptions } from '../users.api';
import { roleLabel } from './user-badges';

/** The roles picker of the user form: every role, with its description (spec 2 §7 GET /api/users/roles). */
export function RoleSelect({
  value,
  onChange,
  error,
  disabledReason,
}: {
  value: string[];
  onChange: (roles: string[]) => void;
  error?: string | null;
  /** Shown instead of the usual help when the roles may not be changed here. */
  disabledReason?: string | null;
}) {
  const roles = useRoleOptions();
  if (roles.isLoading) return <Skeleton height={36} role="status" aria-label="Loading roles" />;
  if (roles.isError) {
    return <LoadFailed title={USER_SCREEN_MESSAGES.loadRoles} onRetry={() => roles.refetch()} />;
  }
  const descriptions = new Map((roles.data ?? []).map((r) => [r.name, r.description]));
  return (
    <MultiSelect
      aria-label="Roles"
      description={
        disabledReason ?? 'At least one. A user holding several roles switches between them after signing in.'
      }
      disabled={Boolean(disabledReason)}
      placeholder={value.length ? undefined : 'Choose roles'}
      data={(roles.data ?? []).map((r) => ({ value: r.name, label: roleLabel(r.name) }))}
      value={value}
      onChange={onChange}
      error={error}
      searchable
      hidePickedOptions
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{option.label}</Text>
          {descriptions.get(option.value) && (
            <Text size="xs" c="dimmed">
              {descriptions.get(option.value)}
            </Text>
          )}
        </Group>
      )}
    />
  );
}
