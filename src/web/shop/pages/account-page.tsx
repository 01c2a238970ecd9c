import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ShopViewer } from '../../../contracts/storefront';
import { errorMessage } from '../../lib/form-errors';
import { http, navigation } from '../../lib/http';
import { notifyError } from '../../ui/notify';

/**
 * The start of a customer area (/customer, /partner, /doctor, /patient, /supplier dashboards):
 * who is signed in and in which role, with the switch to the other roles held. Orders, profile,
 * addresses and credit arrive with the storefront accounts issue.
 */
export function AccountPage({ role, viewer }: { role: string; viewer: ShopViewer | null }) {
  const [busy, setBusy] = useState<string | null>(null);
  if (!viewer) return null;
  const others = viewer.roles.filter((r) => r !== role);
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Hello, {viewer.name}</Title>
        {/* A div: the badge is a div, and a div inside a <p> breaks hydration (React #418). */}
        <Text c="dimmed" component="div">
          Signed in as {viewer.email} · <Badge variant="light">{role}</Badge>
        </Text>
      </div>
      {others.length > 0 && (
        <Card withBorder>
          <Text fw={600} mb="xs">
            Switch role
          </Text>
          <Group>
            {others.map((other) => (
              <Button
                key={other}
                variant="light"
                loading={busy === other}
                onClick={async () => {
                  setBusy(other);
                  try {
                    const reply = await http.post<{ data: { dashboard_url: string } }>(
                      '/api/user/roles/switch',
                      {
                        role: other,
                      },
                    );
                    navigation.assign(reply.data.dashboard_url);
                  } catch (error) {
                    notifyError(errorMessage(error, 'Failed to switch role'));
                    setBusy(null);
                  }
                }}
              >
                Use as {other}
              </Button>
            ))}
          </Group>
        </Card>
      )}
    </Stack>
  );
}
