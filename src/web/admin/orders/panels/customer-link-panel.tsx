import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { CustomerLinkStatusReply } from '../../../../contracts/orders';
import { ORDER_DOCUMENT_MESSAGES as M } from '../../../../contracts/orders';
import { errorMessage } from '../../../lib/form-errors';
import { displayDateTime } from '../../../lib/format';
import { useUiSettings } from '../../../lib/ui-settings';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useCustomerLinkStatus, useSendCustomerLink } from './documents-and-link.api';

type Status = CustomerLinkStatusReply['data']['status'];

const STATUS_BADGE: Record<Status, { label: string; color: string }> = {
  never_sent: { label: 'Never sent', color: 'gray' },
  active: { label: 'Active', color: 'green' },
  expired: { label: 'Expired', color: 'orange' },
  used_up: { label: 'Used up', color: 'orange' },
  error: { label: 'Error', color: 'red' },
};

/**
 * The customer order link (spec 1 §3, §4, §7, §9; DECISIONS 11): its status, when it was sent,
 * when it expires and the uses left, read again every 30 s while the page is visible, and the
 * Send Link / Resend Link / Send New Link button. An unsaved order cannot send one.
 */
export function CustomerLinkPanel({ orderId }: { orderId: number | null }) {
  const status = useCustomerLinkStatus(orderId);
  const send = useSendCustomerLink(orderId);
  const { date_format, timezone } = useUiSettings();
  // Dates in the system format and the shop's time zone, like the rest of the back office.
  const when = (iso: string | null) => (iso ? displayDateTime(iso, date_format, timezone) : '-');

  const onSend = async () => {
    if (orderId === null) {
      notifyError(M.saveOrderFirstLink);
      return;
    }
    try {
      const reply = await send.mutateAsync();
      notifySuccess(reply.message);
    } catch (error) {
      notifyError(errorMessage(error, M.linkSendFailed));
    }
  };

  const data = status.data?.data;
  const badge = data ? STATUS_BADGE[data.status] : null;
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={4}>Customer order link</Title>
        {badge && (
          <Badge variant="light" color={badge.color} data-testid="link-status">
            {badge.label}
          </Badge>
        )}
      </Group>
      {orderId === null ? (
        <Text c="dimmed" size="sm">
          {M.saveOrderFirstLink}
        </Text>
      ) : (
        <Stack gap="xs">
          {status.isPending && <Loader size="sm" />}
          {status.isError && <Alert color="red">Failed to load customer link status.</Alert>}
          {data && (
            <>
              {data.status === 'error' && <Alert color="red">{M.linkSendFailed}</Alert>}
              <Text size="sm">Sent: {when(data.sent_at)}</Text>
              <Text size="sm">Expires: {when(data.expires_at)}</Text>
              <Text size="sm">Uses remaining: {data.uses_remaining ?? '-'}</Text>
            </>
          )}
          <Group>
            <Button onClick={onSend} loading={send.isPending} disabled={!data}>
              {data?.button_label ?? 'Send Link'}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
