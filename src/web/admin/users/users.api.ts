import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoleOption, UserReply } from '../../../contracts/accounts';
import { isBuiltInRole } from '../../../domain/access/roles';
import type { AccountStatus } from '../../../domain/accounts/user-rules';
import type { Paged } from '../../../domain/paging/paging';
import { http } from '../../lib/http';

/** Query keys of the users area: every change invalidates `all`. */
export const userKeys = {
  all: ['users'] as const,
  list: (query: Record<string, string | number>) => ['users', 'list', query] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
  roles: ['users', 'roles'] as const,
};

export type UserSaved = { success: true; message: string; data: UserReply };

export function useUsers(query: Record<string, string | number>) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => http.get<Paged<UserReply>>('/api/users', query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number | null) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: ({ signal }) => http.get<{ data: UserReply }>(`/api/users/${id}`, undefined, signal),
    select: (reply) => reply.data,
    enabled: id !== null,
  });
}

export function useRoleOptions() {
  return useQuery({
    queryKey: userKeys.roles,
    queryFn: ({ signal }) => http.get<{ data: RoleOption[] }>('/api/users/roles', undefined, signal),
    select: (reply) => reply.data,
    staleTime: 5 * 60_000,
  });
}

function useInvalidatingMutation<V>(call: (variables: V) => Promise<UserSaved>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (reply) => {
      client.setQueryData(userKeys.detail(reply.data.id), { data: reply.data });
      return client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

/** POST /admin/users */
export function useCreateUser() {
  return useInvalidatingMutation((body: Record<string, unknown>) =>
    http.post<UserSaved>('/admin/users', body),
  );
}

/** PUT /admin/users/{id} */
export function useUpdateUser(id: number) {
  return useInvalidatingMutation((body: Record<string, unknown>) =>
    http.put<UserSaved>(`/admin/users/${id}`, body),
  );
}

/** PUT /admin/users/{id}/role */
export function useUpdateUserRoles() {
  return useInvalidatingMutation(({ id, roles }: { id: number; roles: string[] }) =>
    http.put<UserSaved>(`/admin/users/${id}/role`, { roles }),
  );
}

/** PUT /admin/users/{id}/account-status */
export function useSetAccountStatus() {
  return useInvalidatingMutation(
    ({ id, ...body }: { id: number; account_status: AccountStatus; status_reason: string | null }) =>
      http.put<UserSaved>(`/admin/users/${id}/account-status`, body),
  );
}

/**
 * The listing export of spec 3 §7: a built-in role has its own file (/admin/partners/export);
 * every user, or a role an admin added, goes through /admin/users/export.
 */
export function userExportUrl(role: string | undefined): { url: string; role?: string } {
  if (!role) return { url: '/admin/users/export' };
  if (isBuiltInRole(role)) return { url: `/admin/${role}s/export` };
  return { url: '/admin/users/export', role };
}
