import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { formatMoney } from '../../../../domain/money/money';
import { displayDate } from '../../../lib/format';
import { useUiSettings } from '../../../lib/ui-settings';
import { SystemDateInput } from '../../../ui/date-input';
import {
  addRow,
  cancelRow,
  type ItemRow,
  type ItemsState,
  isEmptyRow,
  itemsCost,
  removeRow,
  rowCost,
  rowQuantity,
  saveRow,
} from '../booking-items-state';
import { type RentalProductOption, useRentalProducts } from '../rentals.api';

/**
 * The booking's rental items (spec 3 §2, §5): one row edited at a time, inline; only one empty
 * row at a time; a row saved without a product is removed. Items can change only while the
 * booking is pending (items_editable); the rows travel with the booking's save.
 */
export function BookingItemsSection({
  items,
  onChange,
  editable,
  symbol,
  today,
  error,
}: {
  items: ItemsState;
  onChange: (next: ItemsState) => void;
  editable: boolean;
  symbol: string;
  today: string;
  error?: string | null;
}) {
  const { date_format } = useUiSettings();
  const editingRow = items.rows.find((r) => r.key === items.editing) ?? null;
  const [draft, setDraft] = useState<ItemRow | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const current = draft && editingRow && draft.key === editingRow.key ? draft : editingRow;

  const startEdit = (next: ItemsState) => {
    setDraft(next.rows.find((r) => r.key === next.editing) ?? null);
    setErrors({});
    onChange(next);
  };

  const save = () => {
    if (!current) return;
    const result = saveRow(items, current);
    setErrors(result.errors);
    if (Object.keys(result.errors).length === 0) setDraft(null);
    onChange(result.state);
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Rental items
          </Title>
          {editable && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              disabled={items.editing !== null && !(editingRow && isEmptyRow(editingRow))}
              onClick={() => startEdit(addRow(items, today))}
            >
              Add item
            </Button>
          )}
        </Group>
        {!editable && (
          <Text size="sm" c="dimmed">
            Rental items can only be changed while the booking is pending.
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert" data-testid="items-error">
            {error}
          </Alert>
        )}
        {items.rows.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="items-empty">
            No rental items yet.{editable ? ' Use "Add item" to add the first one.' : ''}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={editable ? 720 : 560}>
            <Table verticalSpacing="xs" aria-label="Rental items">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th w={80}>Quantity</Table.Th>
                  <Table.Th w={80}>Days</Table.Th>
                  <Table.Th w={130}>Start date</Table.Th>
                  <Table.Th w={95}>Daily rate</Table.Th>
                  <Table.Th w={85}>Discount</Table.Th>
                  <Table.Th w={95} ta="right">
                    Cost
                  </Table.Th>
                  {editable && (
                    <Table.Th w={72}>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.rows.map((row) =>
                  current && row.key === current.key ? (
                    <EditRow
                      key={row.key}
                      row={current}
                      errors={errors}
                      symbol={symbol}
                      onChange={setDraft}
                      onSave={save}
                      onCancel={() => {
                        setDraft(null);
                        setErrors({});
                        onChange(cancelRow(items, row.key));
                      }}
                    />
                  ) : (
                    <Table.Tr key={row.key} data-testid="item-row">
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {row.product?.name ?? '—'}
                        </Text>
                        {row.variant && (
                          <Text size="xs" c="dimmed">
                            {row.variant}
                          </Text>
                        )}
                        {row.available_units !== null && (
                          <Text size="xs" c={isShort(row) ? 'red.8' : 'teal.9'} data-testid="free-units">
                            {row.available_units} free for these dates
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{row.quantity}</Table.Td>
                      <Table.Td>{row.rental_duration}</Table.Td>
                      <Table.Td>{displayDate(row.rental_start_date, date_format)}</Table.Td>
                      <Table.Td>{row.daily_rate || row.product?.rental_price || '—'}</Table.Td>
                      <Table.Td>{row.discount}</Table.Td>
                      <Table.Td ta="right" data-testid="item-cost">
                        {costText(row, symbol)}
                      </Table.Td>
                      {editable && (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <Tooltip label="Edit" withArrow>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                aria-label={`Edit ${row.product?.name ?? 'item'}`}
                                disabled={items.editing !== null}
                                onClick={() => startEdit({ ...items, editing: row.key })}
                              >
                                <IconPencil size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label="Remove" withArrow>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={`Remove ${row.product?.name ?? 'item'}`}
                                disabled={items.editing !== null}
                                onClick={() => onChange(removeRow(items, row.key))}
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ),
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="flex-end">
          <Text size="sm">
            Items total:{' '}
            <Text span fw={700} data-testid="items-total">
              {formatMoney(itemsCost(items.rows), symbol)}
            </Text>
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

/** The row asks for more units than are free for its dates. */
function isShort(row: ItemRow): boolean {
  const quantity = rowQuantity(row);
  return row.available_units !== null && quantity !== null && quantity > row.available_units;
}

function costText(row: ItemRow, symbol: string): string {
  const cost = rowCost(row);
  return cost === null ? '—' : formatMoney(cost, symbol);
}

/** The row being edited: product search from 2 characters, variant, numbers, date. */
function EditRow({
  row,
  errors,
  symbol,
  onChange,
  onSave,
  onCancel,
}: {
  row: ItemRow;
  errors: Record<string, string>;
  symbol: string;
  onChange: (row: ItemRow) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const products = useRentalProducts(debounced);
  const options = useMemo(() => {
    const list = new Map<number, RentalProductOption>();
    if (row.product) list.set(row.product.id, row.product as RentalProductOption);
    for (const p of products.data ?? []) list.set(p.id, p);
    return list;
  }, [products.data, row.product]);
  const variants = row.product?.variations ?? [];
  const set = (change: Partial<ItemRow>) => onChange({ ...row, ...change });
  const onEnter = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onSave();
    }
  };

  return (
    <Table.Tr data-testid="item-edit-row" onKeyDown={onEnter}>
      <Table.Td>
        <Stack gap={4}>
          <Select
            aria-label="Product"
            placeholder="Search rental products"
            searchable
            data={[...options.values()].map((p) => ({ value: String(p.id), label: p.name }))}
            value={row.product ? String(row.product.id) : null}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            nothingFoundMessage={
              debounced.length < 2
                ? 'Type at least 2 characters'
                : products.isFetching
                  ? 'Searching…'
                  : 'No rental products found'
            }
            onChange={(value) => {
              const product = [...options.values()].find((p) => String(p.id) === value) ?? null;
              set({
                product,
                product_stock_id: null,
                variant: null,
                daily_rate:
                  product?.rental_price === null || product?.rental_price === undefined
                    ? ''
                    : String(product.rental_price),
                available_units: null,
              });
            }}
            data-testid="item-product"
            comboboxProps={{ withinPortal: true }}
          />
          {variants.length > 0 && (
            <Select
              aria-label="Variant"
              placeholder="Choose a variant"
              data={variants.map((v) => ({ value: String(v.id), label: v.variant }))}
              value={row.product_stock_id === null ? null : String(row.product_stock_id)}
              onChange={(value) => {
                const variant = variants.find((v) => String(v.id) === value) ?? null;
                set({
                  product_stock_id: variant?.id ?? null,
                  variant: variant?.variant ?? null,
                  ...(variant?.rental_price !== undefined && variant.rental_price !== null
                    ? { daily_rate: String(variant.rental_price) }
                    : {}),
                });
              }}
              error={errors.product_stock_id}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label="Quantity"
          inputMode="numeric"
          value={row.quantity}
          onChange={(e) => set({ quantity: e.currentTarget.value })}
          error={errors.quantity}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label="Rental duration in days"
          inputMode="numeric"
          value={row.rental_duration}
          onChange={(e) => set({ rental_duration: e.currentTarget.value })}
          error={errors.rental_duration}
        />
      </Table.Td>
      <Table.Td>
        <SystemDateInput
          aria-label="Start date"
          value={row.rental_start_date || null}
          onChange={(iso) => set({ rental_start_date: iso ?? '' })}
          error={errors.rental_start_date}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label="Daily rate"
          inputMode="decimal"
          value={row.daily_rate}
          onChange={(e) => set({ daily_rate: e.currentTarget.value })}
          error={errors.daily_rate}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label="Discount"
          inputMode="decimal"
          value={row.discount}
          onChange={(e) => set({ discount: e.currentTarget.value })}
          error={errors.discount}
        />
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">{costText(row, symbol)}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Save item" withArrow>
            <ActionIcon variant="light" color="teal" aria-label="Save item" onClick={onSave}>
              <IconCheck size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Cancel" withArrow>
            <ActionIcon variant="subtle" color="gray" aria-label="Cancel item" onClick={onCancel}>
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
