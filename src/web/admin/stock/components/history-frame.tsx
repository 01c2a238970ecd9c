import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { StockItemReply } from '../../../../contracts/stock';
import { HttpError } from '../../../lib/http';
import { SystemDateInput } from '../../../ui/date-input';
import {
  HISTORY_KINDS,
  HISTORY_TITLES,
  type HistoryKind,
  historyPagePath,
  type StockItemRef,
} from '../stock.api';
import { STOCK_UI_MESSAGES } from '../stock-messages';

export function BackToSheet() {
  return (
    <Anchor
      component={Link}
      to="/admin/stock-sheet"
      size="sm"
      mb="sm"
      display="inline-flex"
      style={{ alignItems: 'center', gap: 4 }}
    >
      <IconArrowLeft size={14} /> Back to the stock sheet
    </Anchor>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * A history page's header: what it is about (product, variant, SKU, current stock), the link to the
 * item's other history, and the export.
 */
export function HistoryHeader({
  title,
  item,
  itemRef,
  current,
  actions,
}: {
  title: string;
  item: StockItemReply | undefined;
  itemRef: StockItemRef;
  current: HistoryKind;
  actions?: ReactNode;
}) {
  return (
    <>
      <BackToSheet />
      <Group justify="space-between" align="flex-end" mb="md" wrap="wrap">
        <Stack gap={2}>
          <Title order={2}>{title}</Title>
          <Text size="sm" c="dimmed">
            {item ? (
              <>
                {item.product_name}
                {item.variant_name ? ` — ${item.variant_name}` : ''}
              </>
            ) : (
              <Skeleton component="span" height={12} width={180} display="inline-block" />
            )}
          </Text>
        </Stack>
        <Group gap="sm" align="flex-start">
          {HISTORY_KINDS.filter((kind) => kind !== current).map((kind) => (
            <Button key={kind} variant="subtle" component={Link} to={historyPagePath(kind, itemRef)}>
              {HISTORY_TITLES[kind]}
            </Button>
          ))}
          {actions}
        </Group>
      </Group>
      <Paper withBorder radius="md" p="md" mb="md">
        {item ? (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Fact label="Product">{item.product_name}</Fact>
            <Fact label="Variant">
              {item.variant_name ??
                (item.is_variable ? (
                  'All variants'
                ) : (
                  <Text span c="dimmed" size="sm">
                    —
                  </Text>
                ))}
            </Fact>
            <Fact label="SKU">
              <Text span ff="monospace" size="sm">
                {item.sku ?? '—'}
              </Text>
            </Fact>
            <Fact label="Current stock">
              <Badge size="lg" variant="light" color={item.current_stock > 0 ? 'teal' : 'red'}>
                {item.current_stock}
              </Badge>
            </Fact>
          </SimpleGrid>
        ) : (
          <Skeleton height={40} />
        )}
      </Paper>
    </>
  );
}

/** A history's load failure: a missing product or variant (404) says so; anything else the spec's words. */
export function HistoryProblem({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  if (error instanceof HttpError && error.status === 404) {
    return (
      <Alert color="orange" variant="light" title={STOCK_UI_MESSAGES.productUnavailable} role="alert">
        <Text size="sm">The product or variant may have been deleted.</Text>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" title={fallback} role="alert">
      {error instanceof HttpError && (
        <Text size="sm" mb="xs">
          {error.status === 409 ? error.message : STOCK_UI_MESSAGES.httpError(error.status)}
        </Text>
      )}
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/** The user and date filters both histories share. */
export function UserAndDateFilters({
  users,
  filters,
  onFilter,
}: {
  users: { id: number; name: string }[];
  filters: Record<string, string>;
  onFilter: (name: string, value: string | null) => void;
}) {
  const userOptions = users.map((u) => ({ value: String(u.id), label: u.name }));
  if (filters.user_id && !userOptions.some((o) => o.value === filters.user_id))
    userOptions.push({ value: filters.user_id, label: `User #${filters.user_id}` });
  return (
    <>
      <Select
        label="User"
        placeholder="Everyone"
        data={userOptions}
        value={filters.user_id ?? null}
        onChange={(value) => onFilter('user_id', value)}
        clearable
        searchable
        nothingFoundMessage="No user matches"
        w={180}
      />
      <SystemDateInput
        label="From"
        value={filters.date_from ?? null}
        onChange={(iso) => onFilter('date_from', iso)}
        w={130}
      />
      <SystemDateInput
        label="To"
        value={filters.date_to ?? null}
        onChange={(iso) => onFilter('date_to', iso)}
        w={130}
      />
    </>
  );
}
