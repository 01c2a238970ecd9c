import { Badge, Group, Text } from '@mantine/core';
import type { StockMovementReply, StockRowReply } from '../../../../contracts/stock';
import { STOCK_STATUS_LABELS } from '../../../../domain/catalogue/product-rules';
import { stockWordLabel } from '../../../../domain/stock/stock-rules';
import { locationChips, STATUS_COLORS } from '../stock-sheet-rows';

/** A badge's whole text always shows ("Back room: 5", "Out of stock"): the table scrolls sideways rather than cut it. */
const NO_SHRINK = {
  root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' },
  label: { overflow: 'visible' },
};

/** In stock / Low stock / Out of stock, coloured (spec 2 §4 stock status per row). */
export function StockStatusBadge({ status }: { status: StockRowReply['status'] }) {
  return (
    <Badge size="sm" variant="light" color={STATUS_COLORS[status]} styles={NO_SHRINK}>
      {STOCK_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Where a row's stock sits, one small badge per location ("Shop: 4"). */
export function LocationBreakdown({
  row,
}: {
  row: Pick<StockRowReply, 'location_breakdown' | 'unplaced_quantity'>;
}) {
  const chips = locationChips(row);
  if (chips.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Group gap={4} aria-label="Stock by location" miw={170}>
      {chips.map((chip) => (
        <Badge
          key={chip.key}
          size="sm"
          radius="sm"
          variant={chip.isUnplaced ? 'outline' : 'light'}
          color={chip.isUnplaced ? 'gray' : 'blue'}
          tt="none"
          fw={500}
          styles={NO_SHRINK}
        >
          {chip.label}
        </Badge>
      ))}
    </Group>
  );
}

const MOVEMENT_COLORS: Record<StockMovementReply['movement_type'], string> = {
  increase: 'teal',
  decrease: 'red',
  adjustment: 'gray',
};

export function MovementTypeBadge({ type }: { type: StockMovementReply['movement_type'] }) {
  return (
    <Badge size="sm" variant="light" color={MOVEMENT_COLORS[type]}>
      {stockWordLabel(type)}
    </Badge>
  );
}

/** A signed change: "+5", "−3", "0". */
export function QuantityChange({ value }: { value: number }) {
  const text = value > 0 ? `+${value}` : value < 0 ? `−${Math.abs(value)}` : '0';
  return (
    <Text size="sm" fw={600} c={value > 0 ? 'teal.9' : value < 0 ? 'red.9' : 'dimmed'} ff="monospace">
      {text}
    </Text>
  );
}
