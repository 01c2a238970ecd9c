import { Alert, Paper, SimpleGrid, Skeleton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { StockFilter, StockOverviewReply } from '../../../../contracts/stock';

type Figures = StockOverviewReply['data'];

function FigureCard({
  label,
  value,
  color,
  hint,
  onClick,
  active,
}: {
  label: string;
  value: ReactNode;
  color?: string;
  hint: string;
  onClick?: () => void;
  active?: boolean;
}) {
  const body = (
    <Paper
      withBorder
      radius="md"
      p="md"
      h="100%"
      style={active ? { borderColor: `var(--mantine-color-${color ?? 'blue'}-5)` } : undefined}
    >
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {/* A div: while loading, the figure is a skeleton (a div, not allowed inside a paragraph). */}
      <Text component="div" fz={26} fw={700} c={color ? `${color}.7` : undefined} lh={1.3}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
  if (!onClick) return body;
  return (
    // Named by what it shows (label, figure, hint) and what it does: axe wants the visible text in the name.
    <UnstyledButton onClick={onClick} aria-pressed={active} h="100%">
      {body}
      <VisuallyHidden>Show only these</VisuallyHidden>
    </UnstyledButton>
  );
}

/**
 * The stock overview's figures (spec 2 §3): products, stock items, units, low and out of stock.
 * The low and out-of-stock cards filter the sheet to those rows.
 */
export function OverviewCards({
  figures,
  isLoading,
  problem,
  stockFilter,
  onStockFilter,
}: {
  figures: Figures | undefined;
  isLoading: boolean;
  /** A failed load: what failed and, for a non-OK reply, its status (spec 2 §8). */
  problem: { title: string; detail: string | null } | null;
  stockFilter: StockFilter;
  onStockFilter: (filter: StockFilter) => void;
}) {
  if (problem) {
    return (
      <Alert color="red" mb="md" title={problem.title} role="alert" variant="light">
        {problem.detail ?? 'The figures are not shown; the sheet below may still load.'}
      </Alert>
    );
  }
  const number = (n: number | undefined) =>
    isLoading || n === undefined ? <Skeleton height={28} width={60} my={4} /> : n.toLocaleString('en-GB');
  const toggle = (filter: StockFilter) => () => onStockFilter(stockFilter === filter ? 'all' : filter);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} mb="lg" spacing="sm" aria-label="Stock overview">
      <FigureCard label="Products" value={number(figures?.total_products)} hint="Products in the catalogue" />
      <FigureCard
        label="Stock items"
        value={number(figures?.total_stock_items)}
        hint="Simple products and variants"
      />
      <FigureCard
        label="Units in stock"
        value={number(figures?.total_stock_quantity)}
        hint="All items together"
      />
      <FigureCard
        label="Low stock"
        value={number(figures?.low_stock_count)}
        color="orange"
        hint="At or below the threshold"
        onClick={toggle('low_stock')}
        active={stockFilter === 'low_stock'}
      />
      <FigureCard
        label="Out of stock"
        value={number(figures?.out_of_stock_count)}
        color="red"
        hint="Nothing left to sell"
        onClick={toggle('out_of_stock')}
        active={stockFilter === 'out_of_stock'}
      />
    </SimpleGrid>
  );
}
