import {
  Center,
  EmptyState,
  Group,
  LoadingOverlay,
  Paper,
  ScrollArea,
  Select,
  Skeleton,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { ReactNode } from 'react';
import type { Paged } from '../../../domain/paging/paging';
import { LoadFailed } from '../load-failed';
import { LIST_MESSAGES } from './list-messages';
import { PageStrip } from './page-strip';
import type { ListState } from './use-list-state';

export type Column<T> = {
  key: string;
  title: ReactNode;
  /** The sort name the endpoint accepts; a sortable column has one. */
  sort?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
};

/** A react-query result of a paged list: the table shows its data, loading, refresh and failure. */
export type ListQuery<T> = {
  data: Paged<T> | undefined;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
};

/** The list's rows and load state: a react-query result as it is, or each part on its own. */
type Source<T> =
  | { query: ListQuery<T> }
  | {
      result: Paged<T> | undefined;
      isLoading: boolean;
      isFetching?: boolean;
      isError: boolean;
      onRetry: () => void;
    };

type Props<T> = Source<T> & {
  columns: Column<T>[];
  state: ListState;
  onPage: (page: number) => void;
  onPerPage?: (perPage: number) => void;
  onSort?: (sort: string) => void;
  rowKey: (row: T) => string | number;
  perPageOptions?: number[];
  /** Pages shown in full up to this many (5 order lists, 7 stock lists). */
  showAllPagesUpTo?: number;
  empty: { title: string; description?: string; action?: ReactNode };
  label: string;
  /** The failed-load title, when the screen's spec names its own ("Failed to load shipping methods"). */
  errorTitle?: string;
};

/**
 * The list every admin page uses: sortable headers, loading skeleton, empty and error states in
 * the spec's words, page size, "from–to of total" and the page strip.
 */
export function DataTable<T>(props: Props<T>) {
  const { columns, state } = props;
  const { result, isLoading, isFetching, isError, onRetry } =
    'query' in props
      ? {
          result: props.query.data,
          isLoading: props.query.isLoading,
          isFetching: props.query.isFetching,
          isError: props.query.isError,
          onRetry: () => void props.query.refetch(),
        }
      : props;

  const header = (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column.key} style={{ width: column.width, textAlign: column.align }}>
            {column.sort && props.onSort ? (
              <UnstyledButton
                onClick={() => props.onSort!(column.sort!)}
                aria-label={`Sort by ${typeof column.title === 'string' ? column.title : column.key}`}
                fw={600}
                fz="sm"
              >
                {column.title}
                {state.sort === column.sort ? (state.direction === 'asc' ? ' ▲' : ' ▼') : ''}
              </UnstyledButton>
            ) : (
              column.title
            )}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );

  let body: ReactNode;
  if (isLoading) {
    body = Array.from({ length: 5 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
      <Table.Tr key={i} data-testid="row-skeleton">
        {columns.map((c) => (
          <Table.Td key={c.key}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (result && result.data.length > 0) {
    body = result.data.map((row) => (
      <Table.Tr key={props.rowKey(row)}>
        {columns.map((c) => (
          <Table.Td key={c.key} style={{ textAlign: c.align }}>
            {c.render(row)}
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }

  return (
    <Paper withBorder radius="md" pos="relative">
      <LoadingOverlay
        visible={Boolean(isFetching && !isLoading)}
        overlayProps={{ blur: 1 }}
        loaderProps={{ size: 'sm' }}
      />
      {isError ? (
        <LoadFailed m="md" title={props.errorTitle ?? LIST_MESSAGES.load} onRetry={onRetry} />
      ) : !isLoading && result && result.data.length === 0 ? (
        <Center py="xl">
          <EmptyState title={props.empty.title} description={props.empty.description}>
            {props.empty.action}
          </EmptyState>
        </Center>
      ) : (
        <ScrollArea>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={props.label}>
            {header}
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {result && result.total > 0 && (
        <Group justify="space-between" p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Showing {result.from}–{result.to} of {result.total}
            </Text>
            {props.onPerPage && (
              <Select
                size="xs"
                w={90}
                aria-label="Rows per page"
                // The current size is always offered (it may come from the default_per_page setting).
                data={[...new Set([...(props.perPageOptions ?? [10, 15, 25, 50, 100]), state.per_page])]
                  .sort((a, b) => a - b)
                  .map(String)}
                value={String(state.per_page)}
                onChange={(value) => value && props.onPerPage!(Number(value))}
                allowDeselect={false}
              />
            )}
          </Group>
          <PageStrip
            page={result.current_page}
            lastPage={result.last_page}
            showAllUpTo={props.showAllPagesUpTo ?? 5}
            onChange={props.onPage}
          />
        </Group>
      )}
    </Paper>
  );
}
