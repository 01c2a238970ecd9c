import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconLock, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { formatMoney } from '../../../../domain/money/money';
import type { VatSettings } from '../../../../domain/pricing/vat';
import {
  addRow,
  cancelEdit,
  chooseProduct,
  chooseVariant,
  type ItemRow,
  type ItemsState,
  itemProductOf,
  itemsTotals,
  removeRow,
  saveEdit,
  startEdit,
  updateRow,
} from './order-form-state';
import { useOrderProducts } from './orders.api';

type Props = {
  items: ItemsState;
  onItemsChange: (next: ItemsState) => void;
  symbol: string;
  vat: VatSettings;
  shipping: string;
  globalDiscount: number;
  onGlobalDiscountChange: (percent: number) => void;
  /** spec 1 §4, §6: a paid order's items are locked. */
  locked?: boolean;
  /** Edit page: stores the rows after a row save or removal and gives the stored state; null keeps the row in edit. */
  onCommit?: (rows: ItemRow[]) => Promise<ItemsState | null>;
  /** "At least one product is required" and other errors of the whole list. */
  error?: string | null;
  /** Server errors per row key (422 order_items.{i}.{field}). */
  serverRowErrors?: Record<string, Record<string, string>>;
  /** The order's customer: the product search shows and prices what they would see (issue 12). */
  customerId?: number | null;
};

/** The order items (spec 1 §2 "Order form", §4 item editing, §5, §9 totals). */
export function ItemsSection(props: Props) {
  const { items, onItemsChange, symbol, locked = false } = props;
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const totals = itemsTotals(items.rows, {
    shipping: props.shipping,
    globalDiscount: props.globalDiscount,
    vat: props.vat,
  });
  const lineTotals = new Map<string, number>();
  items.rows
    .filter((r) => r.product)
    .forEach((r, i) => {
      lineTotals.set(r.key, totals.lines[i]?.amount ?? 0);
    });
  const show = (cents: number) => formatMoney(cents as never, symbol);

  const save = async () => {
    const { state, errors } = saveEdit(items);
    setRowErrors(errors);
    if (Object.keys(errors).length > 0) return;
    if (props.onCommit) {
      setBusy(true);
      const stored = await props.onCommit(state.rows);
      setBusy(false);
      if (stored) onItemsChange(stored);
      return;
    }
    onItemsChange(state);
  };

  const remove = async (key: string) => {
    const next = removeRow(items, key);
    if (props.onCommit) {
      setBusy(true);
      const stored = await props.onCommit(next.rows);
      setBusy(false);
      if (stored) onItemsChange(stored);
      return;
    }
    onItemsChange(next);
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Items</Title>
          {!locked && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              disabled={items.editing !== null || items.rows.some((r) => !r.product)}
              onClick={() => onItemsChange(addRow(items))}
            >
              Add item
            </Button>
          )}
        </Group>
        {locked && (
          <Alert color="yellow" icon={<IconLock size={16} />} data-testid="items-locked">
            This order is paid: its items are locked and cannot be changed.
          </Alert>
        )}
        {props.error && (
          <Text c="red" size="sm" role="alert">
            {props.error}
          </Text>
        )}
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Variant</Table.Th>
                <Table.Th w={140}>Price</Table.Th>
                <Table.Th w={90}>Quantity</Table.Th>
                <Table.Th w={90}>Discount %</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th w={90} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="dimmed" size="sm">
                      No items yet.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {items.rows.map((row) =>
                items.editing?.key === row.key ? (
                  <EditRow
                    key={row.key}
                    row={row}
                    symbol={symbol}
                    customerId={props.customerId ?? null}
                    busy={busy}
                    lineTotal={show(lineTotals.get(row.key) ?? 0)}
                    errors={{ ...props.serverRowErrors?.[row.key], ...rowErrors }}
                    onChange={(next) => onItemsChange(next(items))}
                    onProblem={(field, message) => setRowErrors((e) => ({ ...e, [field]: message }))}
                    onSave={save}
                    onCancel={() => {
                      setRowErrors({});
                      onItemsChange(cancelEdit(items));
                    }}
                  />
                ) : (
                  <Table.Tr key={row.key}>
                    <Table.Td>
                      <Text size="sm">{row.product?.name}</Text>
                      {row.product?.unit_selling_label && (
                        <Text size="xs" c="dimmed">
                          per {row.product.unit_selling_label}
                        </Text>
                      )}
                      {Object.values(props.serverRowErrors?.[row.key] ?? {}).map((m) => (
                        <Text key={m} size="xs" c="red">
                          {m}
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td>
                      {row.product?.variants.find((v) => v.id === row.product_stock_id)?.variant ?? '—'}
                    </Table.Td>
                    <Table.Td>{symbol + row.price}</Table.Td>
                    <Table.Td>{row.quantity}</Table.Td>
                    <Table.Td>{row.discount}</Table.Td>
                    <Table.Td ta="right">{show(lineTotals.get(row.key) ?? 0)}</Table.Td>
                    <Table.Td>
                      {!locked && (
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Edit ${row.product?.name}`}
                            disabled={items.editing !== null || busy}
                            onClick={() => onItemsChange(startEdit(items, row.key))}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${row.product?.name}`}
                            disabled={items.editing !== null || busy}
                            onClick={() => remove(row.key)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Totals
          show={show}
          totals={totals}
          vat={props.vat}
          locked={locked}
          globalDiscount={props.globalDiscount}
          onGlobalDiscountChange={props.onGlobalDiscountChange}
        />
      </Stack>
    </Card>
  );
}

function EditRow(props: {
  row: ItemRow;
  symbol: string;
  customerId: number | null;
  busy: boolean;
  lineTotal: string;
  errors: Record<string, string>;
  onChange: (update: (state: ItemsState) => ItemsState) => void;
  onProblem: (field: string, message: string) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { row, errors, onChange } = props;
  const [search, setSearch] = useState(row.product?.name ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const products = useOrderProducts(debounced, props.customerId);
  const options = useMemo(() => {
    const list = (products.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
    if (row.product && !list.some((o) => o.value === String(row.product?.id)))
      list.unshift({ value: String(row.product.id), label: row.product.name });
    return list;
  }, [products.data, row.product]);
  const variants = row.product?.variants ?? [];

  return (
    <Table.Tr data-testid="editing-row">
      <Table.Td>
        <Select
          aria-label="Product"
          placeholder="Search products (2 characters at least)"
          searchable
          data={options}
          value={row.product ? String(row.product.id) : null}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={
            search.trim().length < 2
              ? 'Type at least 2 characters'
              : products.isError
                ? 'Failed to load products'
                : products.isFetching
                  ? 'Searching…'
                  : 'No products found'
          }
          error={errors.product_id}
          onChange={(value) => {
            const product = products.data?.find((p) => String(p.id) === value);
            if (product)
              onChange((s) => chooseProduct(s, row.key, itemProductOf(product), product.final_price));
          }}
        />
      </Table.Td>
      <Table.Td>
        {row.product?.is_variable_product && variants.length > 0 ? (
          <Select
            aria-label="Variant"
            placeholder="Choose a variant"
            data={variants.map((v) => ({
              value: String(v.id),
              label: v.qty > 0 ? v.variant : `${v.variant} (out of stock)`,
            }))}
            value={row.product_stock_id === null ? null : String(row.product_stock_id)}
            error={errors.product_stock_id}
            onChange={(value) => {
              if (value === null) return;
              let problem: string | null = null;
              onChange((s) => {
                const result = chooseVariant(s, row.key, Number(value));
                problem = result.error;
                return result.state;
              });
              if (problem) props.onProblem('product_stock_id', problem);
            }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label="Price"
          leftSection={<Text size="xs">{props.symbol}</Text>}
          value={row.price}
          error={errors.price}
          inputMode="decimal"
          onChange={(event) => {
            // spec 1 §5: price accepts only non-negative numbers.
            const text = event.currentTarget.value;
            if (/^\d*(\.\d{0,2})?$/.test(text)) onChange((s) => updateRow(s, row.key, { price: text }));
          }}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label="Quantity"
          min={1}
          allowDecimal={false}
          allowNegative={false}
          value={row.quantity}
          error={errors.quantity}
          onChange={(value) => onChange((s) => updateRow(s, row.key, { quantity: Number(value) || 0 }))}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label="Discount %"
          min={0}
          max={100}
          decimalScale={2}
          allowNegative={false}
          value={row.discount}
          error={errors.discount}
          onChange={(value) => onChange((s) => updateRow(s, row.key, { discount: Number(value) || 0 }))}
        />
      </Table.Td>
      <Table.Td ta="right">{props.row.product ? props.lineTotal : ''}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <ActionIcon aria-label="Save item" color="teal" loading={props.busy} onClick={props.onSave}>
            <IconCheck size={16} />
          </ActionIcon>
          <ActionIcon
            aria-label="Cancel item"
            variant="default"
            disabled={props.busy}
            onClick={props.onCancel}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function Totals(props: {
  show: (cents: number) => string;
  totals: ReturnType<typeof itemsTotals>;
  vat: VatSettings;
  locked: boolean;
  globalDiscount: number;
  onGlobalDiscountChange: (percent: number) => void;
}) {
  const { show, totals } = props;
  const line = (label: string, value: string, testId: string, strong = false) => (
    <Group justify="space-between" w={320}>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap={4} align="flex-end">
      {line('Items total', show(totals.itemsAmount), 'items-total')}
      {props.vat.enabled &&
        line(props.vat.method === 'inclusive' ? 'VAT (included)' : 'VAT', show(totals.vat), 'vat-total')}
      {line('Shipping', show(totals.shipping), 'shipping-total')}
      <Group justify="space-between" w={320}>
        <NumberInput
          size="xs"
          w={140}
          label="Global discount %"
          min={0}
          max={100}
          decimalScale={2}
          allowNegative={false}
          disabled={props.locked}
          value={props.globalDiscount}
          onChange={(value) => props.onGlobalDiscountChange(Number(value) || 0)}
        />
        <Text size="sm" data-testid="global-discount-total">
          {totals.globalDiscount > 0 ? `-${show(totals.globalDiscount)}` : show(totals.globalDiscount)}
        </Text>
      </Group>
      {line('Grand total', show(totals.grandTotal), 'grand-total', true)}
    </Stack>
  );
}
