import { Card, Stack, Text, Timeline, Title } from '@mantine/core';
import type { OrderAuditReply } from '../../../../contracts/orders';
import { displayDateTime } from '../../../lib/format';
import { useUiSettings } from '../../../lib/ui-settings';

const show = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

type ItemChanges = { added?: unknown[]; removed?: unknown[]; changed?: unknown[] };

const isItemChanges = (value: unknown): value is ItemChanges =>
  !!value && typeof value === 'object' && ('added' in value || 'removed' in value || 'changed' in value);

/** "Order payment added" from "order.payment_added". */
export function actionLabel(action: string): string {
  const words = action.replace(/\./g, ' ').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * "field: from → to" lines of an audit entry's changes (house rule: data holds {from, to}); the
 * items' summary ({added, removed, changed}) reads as one line per kind of change.
 */
export function changeLines(changes: Record<string, unknown>): string[] {
  return Object.entries(changes).flatMap(([field, change]) => {
    if (field === 'items' && isItemChanges(change)) {
      const lines: string[] = [];
      for (const kind of ['added', 'changed', 'removed'] as const) {
        const list = change[kind] ?? [];
        if (list.length > 0) lines.push(`Items ${kind}: ${list.map(show).join('; ')}`);
      }
      return lines;
    }
    if (change && typeof change === 'object' && ('from' in change || 'to' in change)) {
      const { from, to } = change as { from?: unknown; to?: unknown };
      return `${field}: ${show(from)} → ${show(to)}`;
    }
    return `${field}: ${show(change)}`;
  });
}

/** Who changed what and when (docs/decisions/0030: the order's audit trail). */
export function OrderAudit({ audit }: { audit: readonly OrderAuditReply[] }) {
  const { date_format, timezone } = useUiSettings();
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={4}>Audit trail</Title>
        {audit.length === 0 ? (
          <Text size="sm" c="dimmed">
            No changes recorded yet.
          </Text>
        ) : (
          <Timeline bulletSize={12} lineWidth={2}>
            {audit.map((entry) => (
              <Timeline.Item key={entry.id} title={actionLabel(entry.action)}>
                <Text size="xs" c="dimmed">
                  {entry.user ?? 'System'} · {displayDateTime(entry.created_at, date_format, timezone)}
                </Text>
                {changeLines(entry.changes).map((line) => (
                  <Text key={line} size="xs">
                    {line}
                  </Text>
                ))}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Card>
  );
}
