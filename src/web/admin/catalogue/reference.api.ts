import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AttributeReply,
  AttributeValueReply,
  BrandReply,
  CategoryReply,
  CategoryTreeReply,
  ChangeReply,
  ColorReply,
  DeletedReply,
  ListReply,
  VatReply,
} from '../../../contracts/catalogue-reference';
import type { Paged } from '../../../domain/paging/paging';
import { http } from '../../lib/http';

type Query = Record<string, string | number>;

/** Everything under one root: a change to one kind may change counts shown on another. */
export const referenceKeys = {
  all: ['catalogue-reference'] as const,
  brands: (query: Query) => ['catalogue-reference', 'brands', query] as const,
  categoryTree: ['catalogue-reference', 'categories', 'tree'] as const,
  colors: (query: Query) => ['catalogue-reference', 'colors', query] as const,
  attributes: ['catalogue-reference', 'attributes'] as const,
  attributeValues: (attributeId: number, query: Query) =>
    ['catalogue-reference', 'attribute-values', attributeId, query] as const,
  vats: (query: Query) => ['catalogue-reference', 'vats', query] as const,
};

/** GET /api/brands, one page (spec 2 §7). */
export function useBrands(query: Query) {
  return useQuery({
    queryKey: referenceKeys.brands(query),
    queryFn: ({ signal }) => http.get<Paged<BrandReply>>('/api/brands', query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/categories?hierarchical=true&depth=2: top categories with their children. */
export function useCategoryTree() {
  return useQuery({
    queryKey: referenceKeys.categoryTree,
    queryFn: ({ signal }) =>
      http.get<ListReply<CategoryTreeReply>>('/api/categories', { hierarchical: 'true', depth: 2 }, signal),
  });
}

/** GET /api/colors, one page. */
export function useColors(query: Query) {
  return useQuery({
    queryKey: referenceKeys.colors(query),
    queryFn: ({ signal }) => http.get<Paged<ColorReply>>('/api/colors', query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/attributes: every attribute (with its values), for the attribute picker. */
export function useAttributes() {
  return useQuery({
    queryKey: referenceKeys.attributes,
    queryFn: ({ signal }) => http.get<ListReply<AttributeReply>>('/api/attributes', undefined, signal),
  });
}

/** GET /admin/api/attributes/{id}/values, 15 per page (spec 3 §7, §9). */
export function useAttributeValues(attributeId: number | null, query: Query) {
  return useQuery({
    queryKey: referenceKeys.attributeValues(attributeId ?? 0, query),
    queryFn: ({ signal }) =>
      http.get<Paged<AttributeValueReply>>(`/admin/api/attributes/${attributeId}/values`, query, signal),
    enabled: attributeId !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/vats, one page. */
export function useVats(query: Query) {
  return useQuery({
    queryKey: referenceKeys.vats(query),
    queryFn: ({ signal }) => http.get<Paged<VatReply>>('/api/vats', query, signal),
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: referenceKeys.all });
}

/**
 * Save (POST when `id` is null, else PUT) and delete for one kind of reference record under
 * `/admin/{path}`.
 */
function useReferenceChanges<Body, Reply>(path: string) {
  const refresh = useRefresh();
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Body }) =>
      id === null
        ? http.post<ChangeReply<Reply>>(`/admin/${path}`, body)
        : http.put<ChangeReply<Reply>>(`/admin/${path}/${id}`, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => http.delete<ChangeReply<DeletedReply>>(`/admin/${path}/${id}`),
    onSuccess: refresh,
  });
  return { save, remove };
}

export type BrandForm = { name: string; slug: string | null; is_active: boolean };
export type CategoryForm = {
  name: string;
  slug: string | null;
  parent_id: number | null;
  description: string | null;
  is_active: boolean;
  sort_order: number | string;
};
export type ColorForm = { name: string; code: string };
export type AttributeForm = { name: string };
export type AttributeValueForm = {
  value: string;
  color_code: string | null;
  sort_order: number | string;
};
export type VatForm = {
  name: string;
  type: string;
  rate: number | string | null;
  is_active: boolean;
  is_default: boolean;
};

export const useBrandChanges = () => useReferenceChanges<BrandForm, BrandReply>('brands');
export const useCategoryChanges = () => useReferenceChanges<CategoryForm, CategoryReply>('categories');
export const useColorChanges = () => useReferenceChanges<ColorForm, ColorReply>('colors');
export const useAttributeChanges = () => useReferenceChanges<AttributeForm, AttributeReply>('attributes');
export const useVatChanges = () => useReferenceChanges<VatForm, VatReply>('vats');

/** spec 3 §7: values live under their attribute; the body names both (id, value, attribute_id). */
export function useAttributeValueChanges(attributeId: number) {
  const refresh = useRefresh();
  const base = `/admin/attributes/${attributeId}/values`;
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AttributeValueForm }) =>
      id === null
        ? http.post<ChangeReply<AttributeValueReply>>(base, { ...body, attribute_id: attributeId })
        : http.put<ChangeReply<AttributeValueReply>>(`${base}/${id}`, {
            ...body,
            id,
            attribute_id: attributeId,
          }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => http.delete<ChangeReply<DeletedReply>>(`${base}/${id}`),
    onSuccess: refresh,
  });
  return { save, remove };
}
