import { Group, Select } from '@mantine/core';
import { DELIVERY_STATUSES } from '../../../../domain/orders/delivery-rules';
import { PAYMENT_STATUSES } from '../../../../domain/orders/payment-rules';
import { SystemDateInput } from '../../../ui/date-input';
import { SearchInput } from '../../../ui/search-input';
import { statusLabel } from './order-badges';

/** The list's filters kept in the address bar (spec 1 §2). */
export const ORDER_FILTERS = [
  'delivery_status',
  'payment_status',
  'order_from',
  'date_from',
  'date_to',
] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

const DELIVERY_OPTIONS = DELIVERY_STATUSES.map((value) => ({ value, label: statusLabel(value) }));
const PAYMENT_OPTIONS = PAYMENT_STATUSES.map((value) => ({ value, label: statusLabel(value) }));
const ORDER_FROM_OPTIONS = [
  { value: 'backend', label: 'Back office' },
  { value: 'web', label: 'Web shop' },
];

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
        placeholder="Order code, customer or e-mail"
        label="Search orders"
        w={250}
      />
      <Select
        aria-label="Filter by delivery status"
        placeholder="Any delivery status"
        data={DELIVERY_OPTIONS}
        value={filters.delivery_status ?? null}
        onChange={(v) => onFilter('delivery_status', v)}
        clearable
        w={170}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        aria-label="Filter by payment status"
        placeholder="Any payment status"
        data={PAYMENT_OPTIONS}
        value={filters.payment_status ?? null}
        onChange={(v) => onFilter('payment_status', v)}
        clearable
        w={170}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        aria-label="Filter by order source"
        placeholder="Any source"
        data={ORDER_FROM_OPTIONS}
        value={filters.order_from ?? null}
        onChange={(v) => onFilter('order_from', v)}
        clearable
        w={140}
        comboboxProps={{ withinPortal: true }}
      />
      <SystemDateInput
        aria-label="Orders from"
        placeholder="From"
        value={filters.date_from ?? null}
        onChange={(iso) => onFilter('date_from', iso)}
        w={130}
      />
      <SystemDateInput
        aria-label="Orders to"
        placeholder="To"
        value={filters.date_to ?? null}
        onChange={(iso) => onFilter('date_to', iso)}
        w={130}
      />
    </Group>
  );
}
