import { Group, Select } from '@mantine/core';
import { STOCK_STATUS_LABELS, STOCK_STATUSES } from '../../../../../domain/catalogue/product-rules';
import { SearchInput } from '../../../../ui/search-input';
import {
  type FilterOption,
  useBrandOptions,
  useCategoryOptions,
  useSupplierOptions,
} from '../../products.api';

/** The list's filters kept in the address bar (spec 1 §2). */
export const PRODUCT_FILTERS = [
  'category_id',
  'brand_id',
  'supplier_id',
  'is_active',
  'is_rental',
  'stock_status',
] as const;
export type ProductFilter = (typeof PRODUCT_FILTERS)[number];

const ACTIVE_OPTIONS: FilterOption[] = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];
const RENTAL_OPTIONS: FilterOption[] = [
  { value: '1', label: 'Rental products' },
  { value: '0', label: 'Sale products' },
];
const STOCK_OPTIONS: FilterOption[] = STOCK_STATUSES.map((value) => ({
  value,
  label: STOCK_STATUS_LABELS[value],
}));

function FilterSelect({
  label,
  placeholder,
  data,
  value,
  onChange,
  searchable = false,
  w = 140,
}: {
  label: string;
  placeholder: string;
  data: FilterOption[];
  value: string | undefined;
  onChange: (value: string | null) => void;
  searchable?: boolean;
  w?: number;
}) {
  return (
    <Select
      aria-label={label}
      placeholder={placeholder}
      data={data}
      value={value ?? null}
      onChange={onChange}
      clearable
      searchable={searchable}
      nothingFoundMessage="Nothing to choose"
      w={w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * Search (debounced), and filters by category (with its children), brand, supplier, status, type
 * and stock. The category, brand and supplier lists come from their own endpoints; when one cannot
 * be loaded its select simply offers nothing.
 */
export function ProductFilters({
  search,
  filters,
  onSearch,
  onFilter,
}: {
  search: string;
  filters: Record<string, string>;
  onSearch: (text: string) => void;
  onFilter: (name: ProductFilter, value: string | null) => void;
}) {
  const categories = useCategoryOptions();
  const brands = useBrandOptions();
  const suppliers = useSupplierOptions();
  return (
    <Group mb="md" gap="sm" align="flex-end">
      <SearchInput
        value={search}
        onSearch={onSearch}
        placeholder="Name or SKU"
        label="Search products"
        w={220}
      />
      <FilterSelect
        label="Filter by category"
        placeholder="All categories"
        data={categories.data ?? []}
        value={filters.category_id}
        onChange={(v) => onFilter('category_id', v)}
        searchable
        w={170}
      />
      <FilterSelect
        label="Filter by brand"
        placeholder="All brands"
        data={brands.data ?? []}
        value={filters.brand_id}
        onChange={(v) => onFilter('brand_id', v)}
        searchable
      />
      <FilterSelect
        label="Filter by supplier"
        placeholder="All suppliers"
        data={suppliers.data ?? []}
        value={filters.supplier_id}
        onChange={(v) => onFilter('supplier_id', v)}
        searchable
        w={150}
      />
      <FilterSelect
        label="Filter by status"
        placeholder="Any status"
        data={ACTIVE_OPTIONS}
        value={filters.is_active}
        onChange={(v) => onFilter('is_active', v)}
        w={125}
      />
      <FilterSelect
        label="Filter by type"
        placeholder="Any type"
        data={RENTAL_OPTIONS}
        value={filters.is_rental}
        onChange={(v) => onFilter('is_rental', v)}
        w={125}
      />
      <FilterSelect
        label="Filter by stock"
        placeholder="Any stock"
        data={STOCK_OPTIONS}
        value={filters.stock_status}
        onChange={(v) => onFilter('stock_status', v)}
        w={130}
      />
    </Group>
  );
}
