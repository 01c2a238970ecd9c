import type { Readable } from 'node:stream';
import type { NotesHistoryFilters, StockHistoryFilters, StockSheetFilters } from '../../../contracts/stock';
import { STOCK_STATUS_LABELS } from '../../../domain/catalogue/product-rules';
import { spreadsheetDateTime, timestampedFileName } from '../../../domain/exports/exports';
import { stockWordLabel } from '../../../domain/stock/stock-rules';
import type { AppContext } from '../../platform/context';
import { getSetting } from '../../platform/settings/settings-store';
import { inBatches, type XlsxCell, type XlsxColumn, xlsxStream } from '../../platform/xlsx/xlsx-stream';
import { presentMovement, presentNote, presentStockRows } from './stock.presenter';
import { listStoreLocations } from './stock.queries';
import { type HistoryItem, movementBatch, noteBatch } from './stock-history.queries';
import { sheetProductBatch } from './stock-sheet.queries';

const BATCH = 500;
type Export = { fileName: string; stream: Readable };

/**
 * GET /admin/stock-sheet/export (spec 2 §7): every row the sheet's filters select, in the sheet's
 * order, one column per store location; read a batch of products at a time and streamed.
 */
export async function exportStockSheet(
  ctx: AppContext,
  filters: StockSheetFilters,
  onError: (error: unknown) => void,
): Promise<Export> {
  const locations = await listStoreLocations(ctx.db);
  const columns: XlsxColumn[] = [
    { header: 'Product ID', width: 10 },
    { header: 'Product', width: 36 },
    { header: 'Variant', width: 24 },
    { header: 'SKU', width: 16 },
    { header: 'Supplier', width: 24 },
    { header: 'Current stock', width: 14 },
    { header: 'Status', width: 14 },
    { header: 'Low-stock threshold', width: 12 },
    ...locations.map((l) => ({ header: l.name, width: 14 })),
    { header: 'No location', width: 12 },
  ];
  const rows = (async function* () {
    for (let offset = 0; ; offset += BATCH) {
      const batch = await sheetProductBatch(ctx.db, filters, BATCH, offset);
      const names = new Map(batch.map((p) => [p.id, p.name]));
      for (const row of presentStockRows(batch, filters)) {
        const at = new Map(row.location_breakdown.map((b) => [b.location_id, b.quantity]));
        const cells: XlsxCell[] = [
          row.product_id,
          names.get(row.product_id) ?? row.name,
          row.is_main_row ? null : row.name,
          row.sku,
          row.supplier,
          row.current_stock,
          STOCK_STATUS_LABELS[row.status],
          row.low_stock_threshold,
          ...locations.map((l) => at.get(l.id) ?? 0),
          row.unplaced_quantity,
        ];
        yield cells;
      }
      if (batch.length < BATCH) return;
    }
  })();
  return {
    fileName: timestampedFileName('stock_sheet', ctx.now()),
    stream: xlsxStream({ name: 'Stock sheet', columns, rows }, onError),
  };
}

const MOVEMENT_COLUMNS: XlsxColumn[] = [
  { header: 'Date', width: 18, numFmt: 'yyyy-mm-dd hh:mm' },
  { header: 'Product', width: 32 },
  { header: 'Variant', width: 20 },
  { header: 'Type', width: 12 },
  { header: 'Reason', width: 20 },
  { header: 'Change', width: 10 },
  { header: 'Before', width: 10 },
  { header: 'After', width: 10 },
  { header: 'Store location', width: 18 },
  { header: 'Reference', width: 16 },
  { header: 'User', width: 22 },
  { header: 'Notes', width: 40 },
];

/** GET /admin/stock/stock-history/{productId}/export[/{variantId}] (spec 2 §7): the history's filters, newest first. */
export async function exportStockHistory(
  ctx: AppContext,
  item: HistoryItem,
  filters: StockHistoryFilters,
  onError: (error: unknown) => void,
): Promise<Export> {
  const timeZone = await getSetting(ctx.db, 'app_timezone');
  const rows = (async function* () {
    for await (const row of inBatches((limit, offset) =>
      movementBatch(ctx.db, item, filters, timeZone, limit, offset),
    )) {
      const m = presentMovement(row);
      const cells: XlsxCell[] = [
        spreadsheetDateTime(row.createdAt, timeZone),
        m.product_name,
        m.variant_name,
        stockWordLabel(m.movement_type),
        stockWordLabel(m.reason),
        m.quantity_changed,
        m.quantity_before,
        m.quantity_after,
        m.store_location,
        m.reference_type ? `${stockWordLabel(m.reference_type)} #${m.reference_id}` : null,
        m.user,
        m.notes,
      ];
      yield cells;
    }
  })();
  const base = `stock_history_${item.productId}${item.variantId ? `_${item.variantId}` : ''}`;
  return {
    fileName: timestampedFileName(base, ctx.now()),
    stream: xlsxStream({ name: 'Stock history', columns: MOVEMENT_COLUMNS, rows }, onError),
  };
}

const NOTE_COLUMNS: XlsxColumn[] = [
  { header: 'Date', width: 18, numFmt: 'yyyy-mm-dd hh:mm' },
  { header: 'Product', width: 32 },
  { header: 'Variant', width: 20 },
  { header: 'SKU', width: 16 },
  { header: 'User', width: 22 },
  { header: 'Note', width: 60 },
];

/** GET /admin/stock/notes-history/{productId}/export[/{variantId}] (spec 2 §7). */
export async function exportNotesHistory(
  ctx: AppContext,
  item: HistoryItem,
  filters: NotesHistoryFilters,
  onError: (error: unknown) => void,
): Promise<Export> {
  const timeZone = await getSetting(ctx.db, 'app_timezone');
  const rows = (async function* () {
    for await (const row of inBatches((limit, offset) =>
      noteBatch(ctx.db, item, filters, timeZone, limit, offset),
    )) {
      const n = presentNote(row);
      const cells: XlsxCell[] = [
        spreadsheetDateTime(row.createdAt, timeZone),
        n.product_name,
        n.variant_name,
        n.sku,
        n.user,
        n.note,
      ];
      yield cells;
    }
  })();
  const base = `stock_notes_${item.productId}${item.variantId ? `_${item.variantId}` : ''}`;
  return {
    fileName: timestampedFileName(base, ctx.now()),
    stream: xlsxStream({ name: 'Stock notes', columns: NOTE_COLUMNS, rows }, onError),
  };
}
