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
import { Fragment, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  STOCK_HISTORY_PAGE_SIZES,
  STOCK_PAGE_STRIP,
  type StockItemReply,
  type StockPagination,
} from '../../../../contracts/stock';
import { HttpError } from '../../../lib/http';
import { SystemDateInput } from '../../../ui/date-input';
import { type Column, DataTable } from '../../../ui/list/data-table';
import type { useListState } from '../../../ui/list/use-list-state';
import { LoadFailed } from '../../../ui/load-failed';
import {
  HISTORY_KINDS,
  HISTORY_TITLES,
  type HistoryKind,
  historyPagePath,
  type StockItemRef,
} from '../stock.api';
import { stockItemOfParams } from '../stock-history-query';
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
    <LoadFailed
      title={fallback}
      detail={
        error instanceof HttpError
          ? error.status === 409
            ? error.message
            : STOCK_UI_MESSAGES.httpError(error.status)
          : undefined
      }
      onRetry={onRetry}
    />
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

/**
 * A history page's route: the product or variant named in the address, or "unavailable" when the
 * address names none. The page starts afresh (its list state and queries) for another item.
 */
export function StockItemPage({
  title,
  children,
}: {
  title: string;
  children: (item: StockItemRef) => ReactNode;
}) {
  const item = stockItemOfParams(useParams());
  if (!item) {
    return (
      <>
        <BackToSheet />
        <Title order={2} mb="md">
          {title}
        </Title>
        <Alert color="orange" variant="light" title={STOCK_UI_MESSAGES.productUnavailable} role="alert" />
      </>
    );
  }
  return <Fragment key={`${item.productId}-${item.variantId}`}>{children(item)}</Fragment>;
}

/** The variant column, shown when the history is a variable product's as a whole (all its variants). */
export function variantColumns<T extends { variant_name: string | null }>(
  item: StockItemReply | undefined,
  none = '—',
): Column<T>[] {
  if (!item?.is_variable || item.variant_id !== null) return [];
  return [
    {
      key: 'variant',
      title: 'Variant',
      render: (row) => (
        <Text size="sm" c={row.variant_name ? undefined : 'dimmed'}>
          {row.variant_name ?? none}
        </Text>
      ),
    },
  ];
}

type HistoryQuery<T> = {
  data: { item: StockItemReply; data: T[]; pagination: StockPagination } | undefined;
  error: unknown;
  isError: boolean;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

/**
 * The body of the three histories (movements, notes, purchases): the header with the item and the
 * links to its other histories, the filters, the load failure in the spec's words (alone when
 * nothing loaded yet, above the last rows when a refresh failed), and the paged list.
 */
export function HistoryList<T extends { id: number }>(props: {
  title: string;
  itemRef: StockItemRef;
  current: HistoryKind;
  actions?: ReactNode;
  filters: ReactNode;
  query: HistoryQuery<T>;
  /** The failed-load title ("Failed to load the stock history"). */
  failed: string;
  label: string;
  columns: Column<T>[];
  list: ReturnType<typeof useListState>;
  empty: (filtered: boolean) => { title: string; description: string };
  children?: ReactNode;
}) {
  const { query, list } = props;
  const reply = query.data;
  const problem = (
    <HistoryProblem error={query.error} fallback={props.failed} onRetry={() => void query.refetch()} />
  );
  if (query.isError && !reply) {
    return (
      <>
        <BackToSheet />
        <Title order={2} mb="md">
          {props.title}
        </Title>
        {problem}
      </>
    );
  }
  return (
    <>
      <HistoryHeader
        title={props.title}
        item={reply?.item}
        itemRef={props.itemRef}
        current={props.current}
        actions={props.actions}
      />
      <Group mb="md" gap="sm" align="flex-end">
        {props.filters}
      </Group>
      {query.isError && problem}
      <DataTable
        label={props.label}
        columns={props.columns}
        result={reply ? { data: reply.data, ...reply.pagination } : undefined}
        isLoading={query.isLoading}
        isFetching={query.isFetching}
        isError={false}
        onRetry={() => void query.refetch()}
        state={list.state}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        rowKey={(row) => row.id}
        perPageOptions={[...STOCK_HISTORY_PAGE_SIZES]}
        showAllPagesUpTo={STOCK_PAGE_STRIP}
        empty={props.empty(Object.keys(list.state.filters).length > 0)}
      />
      {props.children}
    </>
  );
}
