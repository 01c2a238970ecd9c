import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkStatusReply,
  ProductListReply,
  ProductReply,
  ProductSaveReply,
  ReorderImagesReply,
} from '../../../contracts/catalogue';
import type { ColorReply, ListReply, VatReply } from '../../../contracts/catalogue-reference';
import type { MessageReply } from '../../../contracts/common';
import type { ApplicableDiscountRulesReply } from '../../../contracts/discounts';
import { http } from '../../lib/http';

/** Query keys of the product list: every change invalidates `all`. */
export const productKeys = {
  all: ['products'] as const,
  list: (query: Record<string, string | number>) => ['products', 'list', query] as const,
  options: (kind: 'categories' | 'brands' | 'suppliers') => ['products', 'options', kind] as const,
  detail: (id: number) => ['products', 'detail', id] as const,
  reference: (kind: 'vats' | 'colors') => ['products', 'reference', kind] as const,
};

export const PRODUCT_EXPORT_URL = '/admin/products/export';

/** GET /admin/products (the list page is also its endpoint). */
export function useProducts(query: Record<string, string | number>) {
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => http.get<ProductListReply>('/admin/products', query, signal),
    placeholderData: keepPreviousData,
  });
}

/** DELETE /admin/products/{id} */
export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<MessageReply>(`/admin/products/${id}`),
    // A failed delete may mean someone else deleted it: show the list as it now is either way.
    onSettled: () => client.invalidateQueries({ queryKey: productKeys.all }),
  });
}

/** POST /admin/products/bulk-status */
export function useSetProductsActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { product_ids: number[]; is_active: boolean }) =>
      http.post<BulkStatusReply>('/admin/products/bulk-status', body),
    onSettled: () => client.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export type FilterOption = { value: string; label: string };

type Named = {
  id?: unknown;
  name?: unknown;
  company_name?: unknown;
  full_name?: unknown;
  first_name?: unknown;
  last_name?: unknown;
  email?: unknown;
  parent_id?: unknown;
  children?: unknown;
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The records of a reference list, whichever way it arrives (spec 1 §3: "a list may also arrive
 * as a plain array or as items"): an array, `{data: [...]}`, `{data: {data: [...]}}`, `{items}`, or
 * a list named after its area (`{categories}`, `{brands}`, `{suppliers}`).
 */
export function recordsOf(reply: unknown): Named[] {
  if (Array.isArray(reply)) return reply.filter((r): r is Named => typeof r === 'object' && r !== null);
  if (typeof reply !== 'object' || reply === null) return [];
  const body = reply as Record<string, unknown>;
  for (const key of ['data', 'items', 'categories', 'brands', 'suppliers']) {
    if (key in body) {
      const inner = recordsOf(body[key]);
      if (inner.length > 0) return inner;
    }
  }
  return [];
}

function labelOf(record: Named): string | null {
  const person = [text(record.first_name), text(record.last_name)].filter(Boolean).join(' ');
  return (
    text(record.name) ?? text(record.company_name) ?? text(record.full_name) ?? (person || text(record.email))
  );
}

/**
 * Select options from a reference list: categories under their parent, children marked "— "
 * (nested `children`, or flat rows with `parent_id`). Records without an id or a name are skipped.
 */
export function filterOptionsOf(reply: unknown): FilterOption[] {
  const records = recordsOf(reply);
  const ids = new Set(records.map((r) => String(r.id)));
  const childrenOf = (value: string) =>
    records.filter((r) => r.parent_id !== null && r.parent_id !== undefined && String(r.parent_id) === value);
  const options: FilterOption[] = [];
  const seen = new Set<string>();
  const walk = (list: Named[], depth: number) => {
    for (const record of list) {
      const label = labelOf(record);
      if ((typeof record.id !== 'number' && typeof record.id !== 'string') || !label) continue;
      const value = String(record.id);
      // Each record once, even if a broken tree names it twice or in a circle.
      if (seen.has(value)) continue;
      seen.add(value);
      options.push({ value, label: `${'— '.repeat(depth)}${label}` });
      walk(recordsOf(record.children), depth + 1);
      walk(childrenOf(value), depth + 1);
    }
  };
  // Top level: rows without a parent, or whose parent is not in the list.
  walk(
    records.filter((r) => r.parent_id === null || r.parent_id === undefined || !ids.has(String(r.parent_id))),
    0,
  );
  // Rows caught in a circle of parents have no top: list them at the top rather than lose them.
  walk(
    records.filter((r) => !seen.has(String(r.id))),
    0,
  );
  return options;
}

function useFilterOptions(kind: 'categories' | 'brands' | 'suppliers', url: string) {
  return useQuery({
    queryKey: productKeys.options(kind),
    queryFn: ({ signal }) => http.get<unknown>(url, undefined, signal),
    select: filterOptionsOf,
    staleTime: 5 * 60_000,
  });
}

/** spec 2 §7 GET /api/categories?hierarchical=true&depth=2 */
export const useCategoryOptions = () =>
  useFilterOptions('categories', '/api/categories?hierarchical=true&depth=2');
/** spec 2 §7 GET /api/brands */
export const useBrandOptions = () => useFilterOptions('brands', '/api/brands');
/** spec 2 §7 GET /api/suppliers */
export const useSupplierOptions = () => useFilterOptions('suppliers', '/api/suppliers');

/** GET /api/products/{id} (spec 2 §7). */
export function useProduct(id: number) {
  return useQuery({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => http.get<ProductReply>(`/api/products/${id}`, undefined, signal),
  });
}

/**
 * The product form's submission (spec 2 §7): POST /admin/products to create, POST
 * /admin/products/{id} with the PUT method override to update.
 */
export function useSaveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Record<string, unknown> }) =>
      id === null
        ? http.post<ProductSaveReply>('/admin/products', body)
        : http.post<ProductSaveReply>(`/admin/products/${id}`, { ...body, _method: 'PUT' }),
    onSuccess: (reply) => {
      client.setQueryData(productKeys.detail(reply.product.id), reply.product);
      // The list and the other views of products; the detail just set stays as it is.
      return client.invalidateQueries({
        queryKey: productKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}

/** POST /api/products/{id}/reorder-images: the first file is the thumbnail, the rest the gallery. */
export function useReorderImages(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (imageOrder: number[]) =>
      http.post<ReorderImagesReply>(`/api/products/${id}/reorder-images`, { image_order: imageOrder }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['products', 'list'] }),
  });
}

/** GET /api/vats: every VAT rate, for the product's VAT select. */
export function useVatChoices() {
  return useQuery({
    queryKey: productKeys.reference('vats'),
    queryFn: ({ signal }) => http.get<ListReply<VatReply>>('/api/vats', undefined, signal),
    select: (reply) => reply.data,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/colors: every colour, for the variation builder. */
export function useColorChoices() {
  return useQuery({
    queryKey: productKeys.reference('colors'),
    queryFn: ({ signal }) => http.get<ListReply<ColorReply>>('/api/colors', undefined, signal),
    select: (reply) => reply.data,
    staleTime: 5 * 60_000,
  });
}

/**
 * GET /api/products/{id}/applicable-discount-rules?show_all=true (spec 2 §7): every switched-on
 * rule that targets the product, with whether and why (not) it applies today.
 */
export function useApplicableRules(productId: number) {
  return useQuery({
    queryKey: ['products', productId, 'applicable-discount-rules'],
    queryFn: ({ signal }) =>
      http.get<ApplicableDiscountRulesReply>(
        `/api/products/${productId}/applicable-discount-rules`,
        { show_all: 'true' },
        signal,
      ),
  });
}
