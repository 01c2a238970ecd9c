import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailTemplateDetailReply,
  EmailTemplateInput,
  EmailTemplateReply,
  EmailTemplateSavedReply,
  SendTestTemplateReply,
  TemplatePreviewReply,
  TemplateTypesReply,
} from '../../../contracts/email-templates';
import type { Paged } from '../../../domain/paging/paging';
import { http } from '../../lib/http';
import type { ListState } from '../../ui/list/use-list-state';

const BASE = '/api/email-management/templates';

export const emailTemplateKeys = {
  all: ['email-templates'] as const,
  types: ['email-templates', 'types'] as const,
  list: (query: Record<string, string | number>) => ['email-templates', 'list', query] as const,
  detail: (id: number) => ['email-templates', 'detail', id] as const,
  preview: (id: number) => ['email-templates', 'preview', id] as const,
};

/** The list state as the spec's query names (sort_by, sort_order). */
export function templateListQuery(state: ListState): Record<string, string | number> {
  return {
    page: state.page,
    per_page: state.per_page,
    sort_by: state.sort,
    sort_order: state.direction,
    ...(state.search ? { search: state.search } : {}),
    ...state.filters,
  };
}

export function useEmailTemplateTypes() {
  return useQuery({
    queryKey: emailTemplateKeys.types,
    queryFn: ({ signal }) => http.get<TemplateTypesReply>(`${BASE}/types`, undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useEmailTemplates(state: ListState) {
  const query = templateListQuery(state);
  return useQuery({
    queryKey: emailTemplateKeys.list(query),
    queryFn: ({ signal }) => http.get<Paged<EmailTemplateReply>>(BASE, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEmailTemplate(id: number | null) {
  return useQuery({
    queryKey: emailTemplateKeys.detail(id ?? 0),
    queryFn: ({ signal }) => http.get<EmailTemplateDetailReply>(`${BASE}/${id}`, undefined, signal),
    enabled: id !== null,
  });
}

export function useEmailTemplatePreview(id: number | null) {
  return useQuery({
    queryKey: emailTemplateKeys.preview(id ?? 0),
    queryFn: ({ signal }) => http.get<TemplatePreviewReply>(`${BASE}/${id}/preview`, undefined, signal),
    enabled: id !== null,
  });
}

export function useEmailTemplateChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: emailTemplateKeys.all });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: EmailTemplateInput }) =>
      id === null
        ? http.post<EmailTemplateSavedReply>(BASE, body)
        : http.put<EmailTemplateSavedReply>(`${BASE}/${id}`, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => http.delete<{ success: true; message: string }>(`${BASE}/${id}`),
    onSuccess: refresh,
  });
  const sendTest = useMutation({
    mutationFn: ({ id, recipient_email }: { id: number; recipient_email: string }) =>
      http.post<SendTestTemplateReply>(`${BASE}/${id}/send-test`, { recipient_email }),
  });
  return { save, remove, sendTest };
}
