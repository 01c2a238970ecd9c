import type {
  StockItemReply,
  StockMovementReply,
  StockNoteReply,
  StockPagination,
  StockRowReply,
  StockSheetFilters,
  StoreLocationReply,
} from '../../../contracts/stock';
import { fullName, supplierName } from '../../../domain/accounts/user-rules';
import { stockStatus } from '../../../domain/catalogue/product-rules';
import type { Paged } from '../../../domain/paging/paging';
import type { storeLocations } from './stock.tables';
import type { FoundStockItem, MovementRow, NoteRow } from './stock-history.queries';
import type { SheetPlacement, SheetProduct } from './stock-sheet.queries';

export function presentStoreLocation(row: typeof storeLocations.$inferSelect): StoreLocationReply {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    address: row.address,
    is_active: row.isActive,
  };
}

/** The stock sheet's rows of a page of products: each product's main row, then its (listed) variants' rows. */
export function presentStockRows(rows: readonly SheetProduct[], filters: StockSheetFilters): StockRowReply[] {
  const placementsOf = (row: SheetProduct, variantId: number | null) =>
    row.placements.filter((p) => p.variantId === variantId);
  const breakdown = (placements: SheetPlacement[]) =>
    placements.map((p) => ({
      location_id: p.locationId,
      location_name: p.locationName,
      quantity: p.quantity,
    }));
  // With a store location chosen, the sheet counts what that location holds (docs/decisions/0022).
  const shown = (total: number, placements: SheetPlacement[]) =>
    filters.store_location
      ? placements.filter((p) => p.locationId === filters.store_location).reduce((s, p) => s + p.quantity, 0)
      : total;
  const unplaced = (total: number, placements: SheetPlacement[]) =>
    Math.max(0, total - placements.reduce((s, p) => s + p.quantity, 0));

  const supplierOf = (row: SheetProduct) =>
    row.supplierEmail === null
      ? null
      : supplierName({
          company_name: row.supplierCompanyName,
          first_name: row.supplierFirstName,
          last_name: row.supplierLastName,
          email: row.supplierEmail,
        });

  return rows.flatMap((row) => {
    const supplier = supplierOf(row);
    // Each reply row is one object literal, its product's fields written out: on Node 20 an object
    // spread followed by more properties gives every object a map of its own (decision 0100).
    const sheetRow = (item: {
      variantId: number | null;
      name: string;
      sku: string | null;
      current: number;
      isMain: boolean;
      variantCount: number;
      breakdown: StockRowReply['location_breakdown'];
      unplaced: number;
    }): StockRowReply => ({
      product_id: row.id,
      supplier,
      supplier_id: row.supplierId,
      low_stock_threshold: row.threshold,
      variant_id: item.variantId,
      name: item.name,
      sku: item.sku,
      current_stock: item.current,
      is_main_row: item.isMain,
      is_variable: row.isVariable,
      variant_count: item.variantCount,
      location_breakdown: item.breakdown,
      unplaced_quantity: item.unplaced,
      status: stockStatus(item.current, row.threshold),
    });
    if (!row.isVariable) {
      const placements = placementsOf(row, null);
      return [
        sheetRow({
          variantId: null,
          name: row.name,
          sku: row.sku,
          current: shown(row.stock, placements),
          isMain: true,
          variantCount: 0,
          breakdown: breakdown(placements),
          unplaced: unplaced(row.stock, placements),
        }),
      ];
    }
    const variantRows = row.variants.map((v) => {
      const placements = placementsOf(row, v.id);
      return sheetRow({
        variantId: v.id,
        name: v.variant,
        sku: v.sku,
        current: shown(v.qty, placements),
        isMain: false,
        variantCount: 0,
        breakdown: breakdown(placements),
        unplaced: unplaced(v.qty, placements),
      });
    });
    // The main row adds up every variant (not only those the filter lists), per location too.
    const allPlacements = row.placements.filter((p) => p.variantId !== null);
    const byLocation = new Map<number, { location_id: number; location_name: string; quantity: number }>();
    for (const p of allPlacements) {
      const entry = byLocation.get(p.locationId) ?? {
        location_id: p.locationId,
        location_name: p.locationName,
        quantity: 0,
      };
      entry.quantity += p.quantity;
      byLocation.set(p.locationId, entry);
    }
    return [
      sheetRow({
        variantId: null,
        name: row.name,
        sku: row.sku,
        current: shown(row.stock, allPlacements),
        isMain: true,
        variantCount: row.variantCount,
        breakdown: [...byLocation.values()],
        unplaced: unplaced(row.stock, allPlacements),
      }),
      ...variantRows,
    ];
  });
}

export function presentPagination<T>(page: Paged<T>): StockPagination {
  return {
    current_page: page.current_page,
    last_page: page.last_page,
    per_page: page.per_page,
    total: page.total,
    from: page.from,
    to: page.to,
  };
}

const personName = (first: string | null, last: string | null, email: string | null) =>
  email === null ? null : fullName({ first_name: first, last_name: last, email });

export function presentMovement(row: MovementRow): StockMovementReply {
  return {
    id: row.id,
    product_id: row.productId,
    variant_id: row.variantId,
    product_name: row.productName,
    variant_name: row.variantName,
    movement_type: row.movementType as StockMovementReply['movement_type'],
    reason: row.reason,
    quantity_changed: row.quantityChanged,
    quantity_before: row.quantityBefore,
    quantity_after: row.quantityAfter,
    store_location: row.storeLocation,
    reference_type: row.referenceType,
    reference_id: row.referenceId,
    // The order a movement came from, by the code it was taken under (issue 12).
    order:
      row.referenceType === 'order' && row.referenceId !== null
        ? {
            url: `/admin/orders/${row.referenceId}/edit`,
            order_code: row.referenceLabel ?? `#${row.referenceId}`,
          }
        : null,
    user: personName(row.userFirstName, row.userLastName, row.userEmail),
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentNote(row: NoteRow): StockNoteReply {
  return {
    id: row.id,
    product_id: row.productId,
    variant_id: row.variantId,
    note: row.note,
    product_name: row.productName,
    variant_name: row.variantName,
    sku: row.variantId === null ? row.productSku : row.variantSku,
    user: personName(row.userFirstName, row.userLastName, row.userEmail),
    user_id: row.userId,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentStockItem(found: FoundStockItem): StockItemReply {
  return {
    product_id: found.product.id,
    variant_id: found.variant?.id ?? null,
    product_name: found.product.name,
    variant_name: found.variant?.variant ?? null,
    sku: found.variant ? found.variant.sku : found.product.sku,
    current_stock: found.variant ? found.variant.qty : found.product.stock,
    is_variable: found.product.isVariable,
  };
}

export function presentHistoryUsers(
  rows: { id: number; firstName: string | null; lastName: string | null; email: string }[],
): { id: number; name: string }[] {
  return rows.map((u) => ({
    id: u.id,
    name: fullName({ first_name: u.firstName, last_name: u.lastName, email: u.email }),
  }));
}
