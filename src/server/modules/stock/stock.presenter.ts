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

/** One line of the sheet: the product itself, or one of its variants. */
type SheetLine = {
  variantId: number | null;
  name: string;
  sku: string | null;
  isMain: boolean;
  variantCount: number;
  /** What the line holds in all. */
  stock: number;
  /** Its location rows: what it holds at each store location. */
  placements: SheetPlacement[];
  /** The per-location figures shown, when not its own location rows (a variable product's sums). */
  breakdown?: StockRowReply['location_breakdown'];
};

const sumOf = (placements: SheetPlacement[]) => placements.reduce((s, p) => s + p.quantity, 0);

/**
 * One reply row, written out as one object literal: on Node 20 an object spread followed by more
 * properties gives every object a map of its own (docs/decisions/0100). With a store location
 * chosen, the row counts what that location holds (docs/decisions/0022).
 */
function sheetRow(
  product: SheetProduct,
  supplier: string | null,
  line: SheetLine,
  storeLocation: number | undefined,
): StockRowReply {
  const current = storeLocation
    ? sumOf(line.placements.filter((p) => p.locationId === storeLocation))
    : line.stock;
  return {
    product_id: product.id,
    supplier,
    supplier_id: product.supplierId,
    low_stock_threshold: product.threshold,
    variant_id: line.variantId,
    name: line.name,
    sku: line.sku,
    current_stock: current,
    is_main_row: line.isMain,
    is_variable: product.isVariable,
    variant_count: line.variantCount,
    location_breakdown:
      line.breakdown ??
      line.placements.map((p) => ({
        location_id: p.locationId,
        location_name: p.locationName,
        quantity: p.quantity,
      })),
    unplaced_quantity: Math.max(0, line.stock - sumOf(line.placements)),
    status: stockStatus(current, product.threshold),
  };
}

function supplierOf(row: SheetProduct): string | null {
  return row.supplierEmail === null
    ? null
    : supplierName({
        company_name: row.supplierCompanyName,
        first_name: row.supplierFirstName,
        last_name: row.supplierLastName,
        email: row.supplierEmail,
      });
}

/** The stock sheet's rows of a page of products: each product's main row, then its (listed) variants' rows. */
export function presentStockRows(rows: readonly SheetProduct[], filters: StockSheetFilters): StockRowReply[] {
  const at = filters.store_location;
  return rows.flatMap((row) => {
    const supplier = supplierOf(row);
    const placementsOf = (variantId: number | null) =>
      row.placements.filter((p) => p.variantId === variantId);
    // The product's own line (written out, not spread: decision 0100).
    const mainLine = (
      variantCount: number,
      placements: SheetPlacement[],
      breakdown?: SheetLine['breakdown'],
    ) =>
      sheetRow(
        row,
        supplier,
        {
          variantId: null,
          name: row.name,
          sku: row.sku,
          isMain: true,
          variantCount,
          stock: row.stock,
          placements,
          breakdown,
        },
        at,
      );
    if (!row.isVariable) return [mainLine(0, placementsOf(null))];
    const variantRows = row.variants.map((v) =>
      sheetRow(
        row,
        supplier,
        {
          variantId: v.id,
          name: v.variant,
          sku: v.sku,
          isMain: false,
          variantCount: 0,
          stock: v.qty,
          placements: placementsOf(v.id),
        },
        at,
      ),
    );
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
    return [mainLine(row.variantCount, allPlacements, [...byLocation.values()]), ...variantRows];
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
