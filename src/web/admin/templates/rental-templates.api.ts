import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TemplatePreviewReply, TemplateTypesReply } from '../../../contracts/email-templates';
import type {
  RentalTemplateDetailReply,
  RentalTemplateInput,
  RentalTemplateReply,
  RentalTemplateSavedReply,
} from '../../../contracts/rental-templates';
import type { Paged } from '../../../domain/paging/paging';
import { http } from '../../lib/http';
import type { ListState } from '../../ui/list/use-list-state';
import { templateListQuery } from './email-templates.api';

const BASE = '/api/rental-templates';

export const rentalTemplateKeys = {
  all: ['rental-templates'] as const,
  types: ['rental-templates', 'types'] as const,
  list: (query: Record<string, string | number>) => ['rental-templates', 'list', query] as const,
  detail: (id: number) => ['rental-templates', 'detail', id] as const,
  preview: (id: number) => ['rental-templates', 'preview', id] as const,
};

export function useRentalTemplateTypes() {
  return useQuery({
    queryKey: rentalTemplateKeys.types,
    queryFn: ({ signal }) => http.get<TemplateTypesReply>(`${BASE}/types`, undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRentalTemplates(state: ListState) {
  const query = templateListQuery(state);
  return useQuery({
    queryKey: rentalTemplateKeys.list(query),
    queryFn: ({ signal }) => http.get<Paged<RentalTemplateReply>>(BASE, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRentalTemplate(id: number | null) {
  return useQuery({
    queryKey: rentalTemplateKeys.detail(id ?? 0),
    queryFn: ({ signal }) => http.get<RentalTemplateDetailReply>(`${BASE}/${id}`, undefined, signal),
    enabled: id !== null,
  });
}

export function useRentalTemplatePreview(id: number | null) {
  return useQuery({
    queryKey: rentalTemplateKeys.preview(id ?? 0),
    queryFn: ({ signal }) => http.get<TemplatePreviewReply>(`${BASE}/${id}/preview`, undefined, signal),
    enabled: id !== null,
  });
}

export function useRentalTemplateChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: rentalTemplateKeys.all });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: RentalTemplateInput }) =>
      id === null
        ? http.post<RentalTemplateSavedReply>(BASE, body)
        : http.put<RentalTemplateSavedReply>(`${BASE}/${id}`, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => http.delete<{ success: true; message: string }>(`${BASE}/${id}`),
    onSuccess: refresh,
  });
  const duplicate = useMutation({
    mutationFn: (id: number) => http.post<RentalTemplateSavedReply>(`${BASE}/${id}/duplicate`),
    onSuccess: refresh,
  });
  return { save, remove, duplicate };
}
