import { ActionIcon, Button, Checkbox, Group, Switch, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ProductListItem } from '../../../contracts/catalogue';
import { isoDateInZone } from '../../../domain/dates/date-format';
import { displayDate } from '../../lib/format';
import { useUiSettings } from '../../lib/ui-settings';
import { ExportButton } from '../../ui/export-button';
import { type Column, DataTable } from '../../ui/list/data-table';
import { type ListDefaults, useListState } from '../../ui/list/use-list-state';
import { PageHeader } from '../../ui/page-header';
import { BulkStatusBar } from './components/list/bulk-status-bar';
import { changeActive, confirmAndDeleteProduct } from './components/list/product-actions';
import {
  PriceCell,
  ProductNameCell,
  ProductThumb,
  StockBadge,
  VisibilityText,
} from './components/list/product-cells';
import { PRODUCT_FILTERS, ProductFilters } from './components/list/product-filters';
import { useRowSelection } from './components/list/use-row-selection';
import { PRODUCT_EXPORT_URL, useDeleteProduct, useProducts, useSetProductsActive } from './products.api';

/** 15 a page, newest first (contracts productListQuery). */
const LIST_DEFAULTS: ListDefaults = {
  // spec 2 §9 "most admin lists 10 per page": the system setting default_per_page (10 at first).
  perPage: 'setting',
  sort: 'created_at',
  direction: 'desc',
  filters: PRODUCT_FILTERS,
};

/**
 * The product list (spec 2 §2; spec 1 §2, §7, §8): search, filters, sortable columns, prices from
 * the pricing engine, stock and visibility, row switches and bulk activate/deactivate, delete,
 * and the Excel export of what the list shows.
 */
export function ProductsPage() {
  const list = useListState(LIST_DEFAULTS);
  const { state } = list;
  const products = useProducts(list.query);
  const remove = useDeleteProduct();
  const setActive = useSetProductsActive();
  const settings = useUiSettings();
  const rows = products.data?.data ?? [];
  const selection = useRowSelection(
    rows.map((p) => p.id),
    JSON.stringify(list.query),
  );

  const created = (iso: string) =>
    displayDate(isoDateInZone(new Date(iso), settings.timezone), settings.date_format);
  const selectedProducts = () => rows.filter((p) => selection.isSelected(p.id));
  const bulk = async (isActive: boolean) => {
    if (await changeActive(selectedProducts(), isActive, setActive.mutateAsync)) selection.clear();
  };

  const columns: Column<ProductListItem>[] = [
    {
      key: 'select',
      width: 40,
      title: (
        <Checkbox
          aria-label="Select all products on this page"
          checked={selection.allSelected}
          indeterminate={selection.someSelected}
          onChange={selection.toggleAll}
          disabled={rows.length === 0}
        />
      ),
      render: (product) => (
        <Checkbox
          aria-label={`Select ${product.name}`}
          checked={selection.isSelected(product.id)}
          onChange={() => selection.toggle(product.id)}
        />
      ),
    },
    {
      key: 'thumbnail',
      title: <VisuallyHidden>Picture</VisuallyHidden>,
      width: 60,
      render: (product) => <ProductThumb product={product} />,
    },
    {
      key: 'name',
      title: 'Product',
      sort: 'name',
      render: (product) => <ProductNameCell product={product} />,
    },
    {
      key: 'price',
      title: 'Price',
      sort: 'price',
      width: 150,
      render: (product) => <PriceCell product={product} />,
    },
    {
      key: 'stock',
      title: 'Stock',
      sort: 'stock_quantity',
      width: 150,
      render: (product) => <StockBadge product={product} />,
    },
    {
      key: 'visibility',
      title: 'Shop visibility',
      width: 170,
      render: (product) => <VisibilityText product={product} />,
    },
    {
      key: 'active',
      title: 'Active',
      width: 80,
      render: (product) => (
        <Switch
          aria-label={`${product.is_active ? 'Deactivate' : 'Activate'} ${product.name}`}
          checked={product.is_active}
          disabled={setActive.isPending}
          onChange={() => changeActive([product], !product.is_active, setActive.mutateAsync)}
        />
      ),
    },
    {
      key: 'created',
      title: 'Created',
      sort: 'created_at',
      width: 110,
      render: (product) => (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {created(product.created_at)}
        </Text>
      ),
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 90,
      render: (product) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Edit" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              component={Link}
              to={`/products/${product.id}/edit`}
              aria-label={`Edit ${product.name}`}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${product.name}`}
              onClick={() => confirmAndDeleteProduct(product, remove.mutateAsync)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  const filtered = Boolean(state.search || Object.keys(state.filters).length > 0);

  return (
    <>
      <PageHeader
        title="Products"
        description="Everything the shop sells and rents. Prices are what a signed-in customer pays today."
        actions={
          <>
            <ExportButton
              url={PRODUCT_EXPORT_URL}
              query={{
                search: state.search || undefined,
                sort: state.sort,
                direction: state.direction,
                ...state.filters,
              }}
              fallbackName="products.xlsx"
            />
            <Button component={Link} to="/admin/products/create" leftSection={<IconPlus size={16} />}>
              New product
            </Button>
          </>
        }
      />
      <ProductFilters
        search={state.search}
        filters={state.filters}
        onSearch={list.setSearch}
        onFilter={list.setFilter}
      />
      <BulkStatusBar
        count={selection.count}
        busy={setActive.isPending}
        onActivate={() => bulk(true)}
        onDeactivate={() => bulk(false)}
        onClear={selection.clear}
      />
      <DataTable
        label="Products"
        columns={columns}
        query={products}
        state={state}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        onSort={list.toggleSort}
        rowKey={(product) => product.id}
        perPageOptions={[10, 25, 50, 100]}
        empty={{
          title: 'No products found',
          description: filtered
            ? 'Try another search or clear the filters.'
            : 'Add the first product to start selling.',
          action: filtered ? undefined : (
            <Button component={Link} to="/admin/products/create" variant="light">
              New product
            </Button>
          ),
        }}
      />
    </>
  );
}

export default ProductsPage;
