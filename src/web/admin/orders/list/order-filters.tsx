import { Group, Select, Text } from '@mantine/core';
import { DELIVERY_STATUSES } from '../../../../domain/orders/delivery-rules';
import { orderValueLabel } from '../../../../domain/orders/labels';
import { PAYMENT_STATUSES } from '../../../../domain/orders/payment-rules';
import { SystemDateInput } from '../../../ui/date-input';
import { SearchInput } from '../../../ui/search-input';

/** The list's filters kept in the address bar (spec 1 §2). */
export const ORDER_FILTERS = [
  'delivery_status',
  'payment_status',
  'order_from',
  'date_from',
  'date_to',
] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

const DELIVERY_OPTIONS = DELIVERY_STATUSES.map((value) => ({ value, label: orderValueLabel(value) }));
const PAYMENT_OPTIONS = PAYMENT_STATUSES.map((value) => ({ value, label: orderValueLabel(value) }));
const ORDER_FROM_OPTIONS = [
  { value: 'backend', label: 'Back office' },
  { value: 'web', label: 'Web shop' },
];

/** The word before a date box: the boxes show the date format as their placeholder. */
function DateSide({ text }: { text: string }) {
  return (
    <Text size="xs" c="dimmed" aria-hidden>
      {text}
    </Text>
  );
}

/** Search (debounced) by order code, customer or e-mail; delivery, payment, source and dates. */
export function OrderFilters({
  search,
  filters,
  onSearch,
  onFilter,
}: {
  search: string;
  filters: Record<string, string>;
  onSearch: (text: string) => void;
  onFilter: (name: OrderFilter, value: string | null) => void;
}) {
  return (
    <Group mb="md" gap="sm" align="flex-end">
      <SearchInput
        value={search}
        onSearch={onSearch}
        placeholder="Code, name or e-mail"
        label="Search orders"
        w={200}
      />
      <Select
        aria-label="Filter by delivery status"
        placeholder="All delivery statuses"
        data={DELIVERY_OPTIONS}
        value={filters.delivery_status ?? null}
        onChange={(v) => onFilter('delivery_status', v)}
        clearable
        w={185}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        aria-label="Filter by payment status"
        placeholder="All payment statuses"
        data={PAYMENT_OPTIONS}
        value={filters.payment_status ?? null}
        onChange={(v) => onFilter('payment_status', v)}
        clearable
        w={185}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        aria-label="Filter by order source"
        placeholder="All sources"
        data={ORDER_FROM_OPTIONS}
        value={filters.order_from ?? null}
        onChange={(v) => onFilter('order_from', v)}
        clearable
        w={140}
        comboboxProps={{ withinPortal: true }}
      />
      <SystemDateInput
        aria-label="Orders from"
        leftSection={<DateSide text="From" />}
        leftSectionWidth={44}
        value={filters.date_from ?? null}
        onChange={(iso) => onFilter('date_from', iso)}
        w={150}
      />
      <SystemDateInput
        aria-label="Orders to"
        leftSection={<DateSide text="To" />}
        leftSectionWidth={44}
        value={filters.date_to ?? null}
        onChange={(iso) => onFilter('date_to', iso)}
        w={150}
      />
    </Group>
  );
}
