import { Alert, Anchor, Button, Group, Select, Text } from '@mantine/core';
import { IconAdjustments, IconCheck, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { StockFilter, StockRowReply } from '../../../contracts/stock';
import { STOCK_FILTERS } from '../../../contracts/stock';
import { ExportButton } from '../../ui/export-button';
import { useListState } from '../../ui/list/use-list-state';
import { LoadFailed } from '../../ui/load-failed';
import { PageHeader } from '../../ui/page-header';
import { SearchInput } from '../../ui/search-input';
import { can, useViewer } from '../session';
import { OverviewCards } from './components/overview-cards';
import { RecentMovements } from './components/recent-movements';
import { type NoteItem, StockNoteDialog } from './components/stock-note-dialog';
import { StockSheetTable } from './components/stock-sheet-table';
import { StockUpdateDialog, useStockUpdateDialog } from './components/stock-update-dialog';
import {
  STOCK_SHEET_EXPORT_URL,
  useStockOverview,
  useStockSheet,
  useStockSuppliers,
  useStoreLocations,
} from './stock.api';
import {
  type LoadProblem,
  loadProblemOf,
  STOCK_SUCCESS_MESSAGE_MS,
  STOCK_UI_MESSAGES,
} from './stock-messages';
import {
  exportQueryOf,
  productNameOf,
  SHEET_DEFAULTS,
  STOCK_FILTER_OPTIONS,
  sheetQueryOf,
} from './stock-sheet-rows';
import { useTimedMessage } from './use-timed-message';

/** spec 2 §4: the sheet needs stock management on; the settings page is where it is switched on. */
function DisabledNotice({ message }: { message: string }) {
  return (
    <Alert
      color="orange"
      variant="light"
      title="Stock management is off"
      role="alert"
      icon={<IconSettings />}
    >
      <Text size="sm" mb="xs">
        {message}
      </Text>
      <Anchor component={Link} to="/admin/stock-settings" size="sm" fw={600}>
        Open stock settings
      </Anchor>
    </Alert>
  );
}

function FailedNotice({
  problem,
  onRetry,
}: {
  problem: Extract<LoadProblem, { kind: 'failed' }>;
  onRetry: () => void;
}) {
  return <LoadFailed title={problem.title} detail={problem.detail} onRetry={onRetry} />;
}

/**
 * The stock sheet (spec 2 §2 "Stock screens", §3, §7): overview figures, search, stock, supplier
 * and location filters (all kept in the address bar; `?supplier=` opens the supplier view), the
 * sheet with its update and note dialogs, paging and the Excel export.
 */
export function StockSheetPage() {
  const list = useListState(SHEET_DEFAULTS);
  const { state } = list;
  const query = sheetQueryOf(state);
  const sheet = useStockSheet(query);
  const overview = useStockOverview();
  const locations = useStoreLocations();
  const viewer = useViewer();
  // GET /api/suppliers needs catalogue.manage: without it the filter is left out.
  const mayListSuppliers = can(viewer.data, 'catalogue.manage');
  const suppliers = useStockSuppliers(mayListSuppliers);
  const updateDialog = useStockUpdateDialog();
  const [noteItem, setNoteItem] = useState<NoteItem | null>(null);
  const success = useTimedMessage(STOCK_SUCCESS_MESSAGE_MS);

  const stockFilter = (query.stock_filter as StockFilter) ?? 'all';
  const setStockFilter = (value: string | null) =>
    list.setFilter(
      'stock_filter',
      value && value !== 'all' && (STOCK_FILTERS as readonly string[]).includes(value) ? value : null,
    );

  const sheetProblem = sheet.isError ? loadProblemOf(sheet.error, STOCK_UI_MESSAGES.sheetFailed) : null;
  const overviewProblem = overview.isError
    ? loadProblemOf(overview.error, STOCK_UI_MESSAGES.overviewFailed)
    : null;
  const disabled =
    sheetProblem?.kind === 'disabled'
      ? sheetProblem
      : overviewProblem?.kind === 'disabled'
        ? overviewProblem
        : null;

  const supplierOptions = suppliers.data ?? [];
  const chosenSupplier = state.filters.supplier;
  // A supplier named in the address bar stays choosable even when the list cannot be read.
  if (chosenSupplier && !supplierOptions.some((o) => o.value === chosenSupplier))
    supplierOptions.push({ value: chosenSupplier, label: `Supplier #${chosenSupplier}` });
  const showSupplierFilter = (mayListSuppliers && !suppliers.isError) || Boolean(chosenSupplier);
  const locationOptions = (locations.data ?? []).map((l) => ({
    value: String(l.id),
    label: l.is_active ? l.name : `${l.name} (inactive)`,
  }));

  const filtered = Boolean(state.search || Object.keys(state.filters).length > 0);
  const rows = sheet.data?.data ?? [];

  const openUpdate = (row: StockRowReply) =>
    updateDialog.open({
      productId: row.product_id,
      variantId: row.variant_id,
      productName: productNameOf(rows, row),
      sku: row.is_main_row
        ? row.sku
        : (rows.find((r) => r.is_main_row && r.product_id === row.product_id)?.sku ?? null),
    });
  const openNote = (row: StockRowReply) =>
    setNoteItem({
      product_id: row.product_id,
      variant_id: row.variant_id,
      product_name: productNameOf(rows, row),
      variant_name: row.is_main_row ? null : row.name,
      sku: row.sku,
    });

  const supplierName = chosenSupplier ? supplierOptions.find((o) => o.value === chosenSupplier)?.label : null;

  return (
    <>
      <PageHeader
        title="Stock sheet"
        description={
          supplierName
            ? `Supplier view: the stock of products supplied by ${supplierName}.`
            : 'What every product and variant holds, where it is kept, and what changed.'
        }
        actions={
          disabled ? undefined : (
            <>
              <ExportButton
                url={STOCK_SHEET_EXPORT_URL}
                query={exportQueryOf(state)}
                fallbackName="stock_sheet.xlsx"
                label="Export to Excel"
              />
              <Button leftSection={<IconAdjustments size={16} />} onClick={() => updateDialog.open(null)}>
                Update stock
              </Button>
            </>
          )
        }
      />

      {disabled ? (
        <DisabledNotice message={disabled.message} />
      ) : (
        <>
          {success.message && (
            <Alert
              color="teal"
              variant="light"
              mb="md"
              icon={<IconCheck />}
              withCloseButton
              onClose={success.clear}
              role="status"
              data-testid="stock-success"
            >
              {success.message}
            </Alert>
          )}
          <OverviewCards
            figures={overview.data}
            isLoading={overview.isLoading}
            problem={overviewProblem?.kind === 'failed' ? overviewProblem : null}
            stockFilter={stockFilter}
            onStockFilter={(filter) => setStockFilter(filter)}
          />
          <Group mb="md" gap="sm" align="flex-end">
            <SearchInput
              value={state.search}
              onSearch={list.setSearch}
              placeholder="Product, variant or SKU"
              label="Search stock"
              w={260}
            />
            <Select
              aria-label="Stock filter"
              data={STOCK_FILTER_OPTIONS}
              value={stockFilter}
              onChange={setStockFilter}
              allowDeselect={false}
              w={150}
            />
            {showSupplierFilter && (
              <Select
                aria-label="Filter by supplier"
                placeholder="All suppliers"
                data={supplierOptions}
                value={chosenSupplier ?? null}
                onChange={(value) => list.setFilter('supplier', value)}
                clearable
                searchable
                nothingFoundMessage="No supplier matches"
                w={220}
              />
            )}
            {locationOptions.length > 0 && (
              <Select
                aria-label="Filter by store location"
                placeholder="All locations"
                data={locationOptions}
                value={state.filters.store_location ?? null}
                onChange={(value) => list.setFilter('store_location', value)}
                clearable
                w={190}
              />
            )}
          </Group>
          {sheetProblem?.kind === 'failed' ? (
            <FailedNotice problem={sheetProblem} onRetry={() => sheet.refetch()} />
          ) : (
            <StockSheetTable
              reply={sheet.data}
              isLoading={sheet.isLoading}
              isFetching={sheet.isFetching}
              state={state}
              filtered={filtered}
              onPage={list.setPage}
              onPerPage={list.setPerPage}
              onUpdate={openUpdate}
              onNote={openNote}
            />
          )}
          {state.filters.store_location && (
            <Text size="xs" c="dimmed" mt="xs">
              With a location chosen, Stock shows what that location holds.
            </Text>
          )}
          <RecentMovements movements={overview.data?.recent_movements ?? []} />
        </>
      )}

      <StockUpdateDialog
        opened={updateDialog.opened}
        preset={updateDialog.preset}
        defaultLocationId={state.filters.store_location ?? null}
        onClose={updateDialog.close}
        onUpdated={success.show}
      />
      <StockNoteDialog item={noteItem} onClose={() => setNoteItem(null)} />
    </>
  );
}

export default StockSheetPage;
