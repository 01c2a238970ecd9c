import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DASHBOARD_MESSAGES } from '../../../../contracts/dashboard';
import { displayDateTime } from '../../../lib/format';
import { useUiSettings } from '../../../lib/ui-settings';
import { usePendingUsers } from '../dashboard.api';

/** spec 3 §3 pending users: accounts waiting for their first sign-in (docs/decisions/0065). */
export function PendingUsers({ canManageUsers }: { canManageUsers: boolean }) {
  const { date_format, timezone } = useUiSettings();
  const pending = usePendingUsers();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="dashboard-pending">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4" id="dashboard-pending">
          Pending users
        </Title>
        {canManageUsers && (
          <Anchor component={Link} to="/admin/users" size="sm">
            Open the users list
          </Anchor>
        )}
      </Group>
      {pending.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading pending users" />
      ) : pending.isError ? (
        <Alert color="red" title={DASHBOARD_MESSAGES.loadFailed}>
          The pending users could not be read.
        </Alert>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            <strong>{pending.data.pending_count}</strong> never signed in,{' '}
            <strong>{pending.data.recent_pending_count}</strong> of them made in the last 7 days.
          </Text>
          {pending.data.pending_users.length === 0 ? (
            <Text c="dimmed" size="sm">
              Every account has signed in.
            </Text>
          ) : (
            <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {pending.data.pending_users.map((u) => (
                <Group key={u.id} component="li" justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={0}>
                    {canManageUsers ? (
                      <Anchor component={Link} to={`/admin/users/${u.id}/edit`} size="sm" fw={600}>
                        {u.full_name}
                      </Anchor>
                    ) : (
                      <Text size="sm" fw={600}>
                        {u.full_name}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {u.email} · since {displayDateTime(u.created_at, date_format, timezone)}
                    </Text>
                  </Stack>
                  <Group gap={4}>
                    {u.roles.map((role) => (
                      <Badge key={role} variant="light" color="gray">
                        {role}
                      </Badge>
                    ))}
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Card>
  );
}
