import { Badge, Group } from '@mantine/core';
import type { AccountStatus } from '../../../../domain/accounts/user-rules';

const STATUS_COLORS: Record<AccountStatus, string> = {
  active: 'teal',
  suspended: 'orange',
  closed: 'gray',
};

export const STATUS_LABELS: Record<AccountStatus, string> = {
  active: 'Active',
  suspended: 'Suspended',
  closed: 'Closed',
};

export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="account-status">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export function RoleBadges({ roles }: { roles: readonly string[] }) {
  return (
    <Group gap={4}>
      {roles.map((role) => (
        <Badge key={role} variant="outline" size="sm" tt="none">
          {role}
        </Badge>
      ))}
    </Group>
  );
}

export const roleLabel = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
