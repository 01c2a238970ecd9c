import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '../../../contracts/settings';
import type {
  NotesHistoryReply,
  PurchaseHistoryReply,
  StockHistoryReply,
  StockOverviewReply,
  StockSettingKey,
  StockSheetReply,
  StoreLocationReply,
  UpdateStockReply,
} from '../../../contracts/stock';
import { http } from '../../lib/http';

type Query = Record<string, string | number | undefined>;

/** The product or variant a history is about. */
export type StockItemRef = { productId: number; variantId: number | null };

/** An item's three histories: stock movements, notes, and the orders that bought it (DECISIONS 13). */
export type HistoryKind = 'movements' | 'notes' | 'purchases';
export const HISTORY_KINDS: readonly HistoryKind[] = ['movements', 'notes', 'purchases'];
export const HISTORY_TITLES: Record<HistoryKind, string> = {
  movements: 'Stock history',
  notes: 'Notes history',
  purchases: 'Purchase history',
};

/** Query keys of the stock area: a stock change invalidates `all`, locations and settings their own. */
export const stockKeys = {
  all: ['stock'] as const,
  overview: ['stock', 'overview'] as const,
  sheet: (query: Query) => ['stock', 'sheet', query] as const,
  search: (text: string) => ['stock', 'search', text] as const,
  history: (kind: HistoryKind, item: StockItemRef, query: Query) =>
    ['stock', kind, item.productId, item.variantId, query] as const,
  locations: ['store-locations'] as const,
  settings: ['stock-settings'] as const,
  suppliers: ['stock-suppliers'] as const,
};

export const STOCK_SHEET_EXPORT_URL = '/admin/stock-sheet/export';

/** spec 2 §7: the histories' data and export addresses, for a product or one of its variants. */
export function historyUrls(kind: 'movements' | 'notes', item: StockItemRef) {
  const variant = item.variantId === null ? '' : `/variant/${item.variantId}`;
  const exportVariant = item.variantId === null ? '' : `/${item.variantId}`;
  return kind === 'movements'
    ? {
        data: `/api/stock-history/${item.productId}${variant}`,
        export: `/admin/stock/stock-history/${item.productId}/export${exportVariant}`,
      }
    : {
        data: `/api/stock-notes-history/${item.productId}${variant}`,
        export: `/admin/stock/notes-history/${item.productId}/export${exportVariant}`,
      };
}

const HISTORY_PAGES: Record<HistoryKind, string> = {
  movements: '/admin/stock/stock-history',
  notes: '/admin/stock/notes-history',
  purchases: '/admin/stock/purchase-history',
};

/** The admin pages of an item's histories. */
export function historyPagePath(kind: HistoryKind, item: StockItemRef): string {
  const base = HISTORY_PAGES[kind];
  return item.variantId === null
    ? `${base}/${item.productId}`
    : `${base}/${item.productId}/${item.variantId}`;
}

/** GET /api/stock-sheet/overview (spec 2 §3 Stock overview). */
export function useStockOverview() {
  return useQuery({
    queryKey: stockKeys.overview,
    queryFn: ({ signal }) => http.get<StockOverviewReply>('/api/stock-sheet/overview', undefined, signal),
    select: (reply) => reply.data,
  });
}

/** GET /api/stock-sheet (spec 2 §7): a page of products, each followed by its variants' rows. */
export function useStockSheet(query: Query) {
  return useQuery({
    queryKey: stockKeys.sheet(query),
    queryFn: ({ signal }) => http.get<StockSheetReply>('/api/stock-sheet', query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/store-locations: every location, active or not. */
export function useStoreLocations() {
  return useQuery({
    queryKey: stockKeys.locations,
    queryFn: ({ signal }) =>
      http.get<{ success: true; data: StoreLocationReply[] }>('/api/store-locations', undefined, signal),
    select: (reply) => reply.data,
  });
}

export type SupplierOption = { value: string; label: string };
type SupplierRecord = { id: number; name: string; company_name: string | null };

/**
 * GET /api/suppliers (spec 2 §7) for the supplier filter. It needs catalogue.manage: a role with
 * stock.manage alone does not ask, and the filter is left out.
 */
export function useStockSuppliers(enabled: boolean) {
  return useQuery({
    queryKey: stockKeys.suppliers,
    queryFn: ({ signal }) => http.get<{ data: SupplierRecord[] }>('/api/suppliers', undefined, signal),
    select: (reply): SupplierOption[] =>
      reply.data.map((s) => ({
        value: String(s.id),
        // Named as the sheet's supplier column names them: the company, else the person.
        label: s.company_name?.trim() || s.name,
      })),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** One product of the stock update's search, with its variants and what each location holds. */
export type StockSearchProduct = {
  id: number;
  name: string;
  sku: string | null;
  is_variable_product: boolean;
  current_stock: number;
  low_stock_threshold: number;
  variants: { id: number; variant: string; sku: string | null; current_stock: number }[];
  location_stock: { product_id: number; variant_id: number | null; location_id: number; quantity: number }[];
};

/** GET /api/stock-update/search-products?search= (spec 2 §5: from 2 characters, 10 results). */
export function searchStockProducts(search: string, signal?: AbortSignal) {
  return http
    .get<{ success: true; data: StockSearchProduct[] }>(
      '/api/stock-update/search-products',
      { search },
      signal,
    )
    .then((reply) => reply.data);
}

export function useStockProductSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: stockKeys.search(search),
    queryFn: ({ signal }) => searchStockProducts(search, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** POST /api/stock-update/update-stock (spec 2 §7): refreshes the sheet, the overview and the histories. */
export function useUpdateStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      http.post<UpdateStockReply>('/api/stock-update/update-stock', body),
    onSuccess: () => client.invalidateQueries({ queryKey: stockKeys.all }),
  });
}

/** POST /api/stock-notes/create (spec 2 §7). */
export function useCreateStockNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      product_id: number;
      variant_id: number | null;
      note: string;
      product_name: string;
      sku: string | null;
    }) => http.post<{ success: true; message: string }>('/api/stock-notes/create', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['stock', 'notes'] }),
  });
}

/** GET /api/stock-history/{productId}[/variant/{variantId}] (spec 2 §7). */
export function useStockHistory(item: StockItemRef, query: Query) {
  return useQuery({
    queryKey: stockKeys.history('movements', item, query),
    queryFn: ({ signal }) => http.get<StockHistoryReply>(historyUrls('movements', item).data, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/stock-notes-history/{productId}[/variant/{variantId}] (spec 2 §7). */
export function useNotesHistory(item: StockItemRef, query: Query) {
  return useQuery({
    queryKey: stockKeys.history('notes', item, query),
    queryFn: ({ signal }) => http.get<NotesHistoryReply>(historyUrls('notes', item).data, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/stock/purchase-history/{productId}[/variant/{variantId}] (DECISIONS 13). */
export function purchaseHistoryUrl(item: StockItemRef): string {
  const variant = item.variantId === null ? '' : `/variant/${item.variantId}`;
  return `/api/stock/purchase-history/${item.productId}${variant}`;
}

export function usePurchaseHistory(item: StockItemRef, query: Query) {
  return useQuery({
    queryKey: stockKeys.history('purchases', item, query),
    queryFn: ({ signal }) => http.get<PurchaseHistoryReply>(purchaseHistoryUrl(item), query, signal),
    placeholderData: keepPreviousData,
  });
}

/** spec 2 §3 Stock settings, as the settings store types them. */
export type StockSettingsValues = Pick<Settings, StockSettingKey>;

type StockSettingsReply = { success: true; message?: string; data: StockSettingsValues };

/** GET /api/stock-settings (stock.manage may read them). */
export function useStockSettings() {
  return useQuery({
    queryKey: stockKeys.settings,
    queryFn: ({ signal }) => http.get<StockSettingsReply>('/api/stock-settings', undefined, signal),
    select: (reply) => reply.data,
  });
}

/** POST /api/stock-settings (settings.manage): every setting at once. Switching stock management moves the sheet too. */
export function useSaveStockSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: StockSettingsValues) => http.post<StockSettingsReply>('/api/stock-settings', values),
    onSuccess: (reply) => {
      client.setQueryData(stockKeys.settings, { success: true, data: reply.data });
      return client.invalidateQueries({ queryKey: stockKeys.all });
    },
  });
}

type LocationSaved = { success: true; message: string; data: StoreLocationReply };

/** POST /api/store-locations, PUT and DELETE /api/store-locations/{id}. */
export function useStoreLocationChanges() {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: stockKeys.locations }),
      client.invalidateQueries({ queryKey: stockKeys.all }),
    ]);
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Record<string, unknown> }) =>
      id === null
        ? http.post<LocationSaved>('/api/store-locations', body)
        : http.put<LocationSaved>(`/api/store-locations/${id}`, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => http.delete<{ success: true; message: string }>(`/api/store-locations/${id}`),
    onSettled: refresh,
  });
  return { save, remove };
}

/** A sheet row's product, as the dialog opened from it needs it. */
export type StockItemPreset = {
  productId: number;
  variantId: number | null;
  productName: string;
  sku: string | null;
};

/**
 * The stock data of one product for a dialog opened from a sheet row: the search (there is no
 * per-product stock call) by its name, then by its SKU, keeping the product with that id.
 */
export function useStockProductOf(preset: StockItemPreset | null) {
  return useQuery({
    queryKey: ['stock', 'product-of', preset?.productId ?? 0],
    queryFn: async ({ signal }) => {
      const p = preset!;
      for (const text of [p.productName, p.sku]) {
        if (!text || text.trim().length < 2) continue;
        const match = (await searchStockProducts(text.trim().slice(0, 200), signal)).find(
          (product) => product.id === p.productId,
        );
        if (match) return match;
      }
      return null;
    },
    enabled: preset !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
