import { Button, Combobox, Group, Input, Loader, Paper, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { STOCK_SEARCH_MIN_CHARS } from '../../../../contracts/stock';
import { type StockSearchProduct, useStockProductSearch } from '../stock.api';
import { productOptionLabel } from '../stock-update-form';

/** spec 2 §9: selectors wait 300 ms after typing stops. */
const DEBOUNCE_MS = 300;

function stockSummary(product: StockSearchProduct): string {
  if (product.is_variable_product) {
    const n = product.variants.length;
    return `${n} ${n === 1 ? 'variant' : 'variants'} · ${product.current_stock} in stock`;
  }
  return `${product.current_stock} in stock`;
}

/**
 * The stock update's product search (spec 2 §5): from 2 characters, 300 ms after typing stops, up
 * to 10 products by name or SKU. The chosen product shows as a line with a button to change it.
 */
export function StockProductPicker({
  value,
  onChange,
  error,
}: {
  value: StockSearchProduct | null;
  onChange: (product: StockSearchProduct | null) => void;
  error?: ReactNode;
}) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  const enough = debounced.length >= STOCK_SEARCH_MIN_CHARS;
  const results = useStockProductSearch(debounced, enough && value === null);
  const found = results.data ?? [];
  const typedEnough = search.trim().length >= STOCK_SEARCH_MIN_CHARS;
  const waiting = typedEnough && (search.trim() !== debounced || results.isFetching);

  if (value) {
    return (
      <Input.Wrapper label="Product" withAsterisk error={error}>
        <Paper withBorder radius="sm" px="sm" py={6} mt={4}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <div>
              <Text size="sm" fw={600} data-testid="chosen-product">
                {productOptionLabel(value)}
              </Text>
              <Text size="xs" c="dimmed">
                {stockSummary(value)}
              </Text>
            </div>
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => {
                onChange(null);
                setSearch('');
              }}
            >
              Change
            </Button>
          </Group>
        </Paper>
      </Input.Wrapper>
    );
  }

  let content: ReactNode;
  if (!typedEnough)
    content = <Combobox.Empty>Type at least {STOCK_SEARCH_MIN_CHARS} characters</Combobox.Empty>;
  else if (results.isError) content = <Combobox.Empty>Search failed. Please try again.</Combobox.Empty>;
  else if (waiting && found.length === 0) content = <Combobox.Empty>Searching…</Combobox.Empty>;
  else if (found.length === 0) content = <Combobox.Empty>No products found</Combobox.Empty>;
  else
    content = found.map((product) => (
      <Combobox.Option value={String(product.id)} key={product.id}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm">{productOptionLabel(product)}</Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {stockSummary(product)}
          </Text>
        </Group>
      </Combobox.Option>
    ));

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const picked = found.find((p) => String(p.id) === id);
        if (picked) onChange(picked);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label="Product"
          withAsterisk
          data-autofocus
          placeholder={`Name or SKU, at least ${STOCK_SEARCH_MIN_CHARS} characters`}
          leftSection={<IconSearch size={16} />}
          rightSection={waiting ? <Loader size="xs" /> : null}
          value={search}
          error={error}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={260} style={{ overflowY: 'auto' }} aria-label="Matching products">
          {content}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
