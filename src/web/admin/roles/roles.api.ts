import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeReply,
  GrantReply,
  PermissionBody,
  PermissionReply,
  RoleBody,
  RolePermissionsReply,
  RoleReply,
} from '../../../contracts/access';
import type { Paged } from '../../../domain/paging/paging';
import { http } from '../../lib/http';

type Query = Record<string, string | number>;

export const accessKeys = {
  roles: ['roles'] as const,
  permissions: ['permissions'] as const,
  rolePermissions: (roleId: number) => ['role-permissions', roleId] as const,
};

/** GET /api/roles (spec 2 §7). */
export function useRoles(query: Query) {
  return useQuery({
    queryKey: [...accessKeys.roles, query],
    queryFn: ({ signal }) => http.get<Paged<RoleReply>>('/api/roles', query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/permissions (spec 2 §7). */
export function usePermissions(query: Query) {
  return useQuery({
    queryKey: [...accessKeys.permissions, query],
    queryFn: ({ signal }) => http.get<Paged<PermissionReply>>('/api/permissions', query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/roles/{id}/permissions: what the role holds and every permission there is. */
export function useRolePermissions(roleId: number | null) {
  return useQuery({
    queryKey: accessKeys.rolePermissions(roleId ?? 0),
    queryFn: ({ signal }) =>
      http.get<RolePermissionsReply>(`/api/roles/${roleId}/permissions`, undefined, signal),
    enabled: roleId !== null,
  });
}

/** After any change: the lists (names, counts) and the viewer's own permissions may have moved. */
function useRefreshAccess() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: accessKeys.roles }),
      client.invalidateQueries({ queryKey: accessKeys.permissions }),
      client.invalidateQueries({ queryKey: ['role-permissions'] }),
      client.invalidateQueries({ queryKey: ['auth-status'] }),
    ]);
}

export function useSaveRole() {
  const refresh = useRefreshAccess();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: RoleBody }) =>
      id === null
        ? http.post<ChangeReply<RoleReply>>('/admin/roles', body)
        : http.put<ChangeReply<RoleReply>>(`/admin/roles/${id}`, body),
    onSuccess: refresh,
  });
}

export function useDeleteRole() {
  const refresh = useRefreshAccess();
  return useMutation({
    mutationFn: (id: number) => http.delete<ChangeReply<{ id: number; name: string }>>(`/admin/roles/${id}`),
    onSuccess: refresh,
  });
}

export function useSavePermission() {
  const refresh = useRefreshAccess();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PermissionBody }) =>
      id === null
        ? http.post<ChangeReply<PermissionReply>>('/admin/permissions', body)
        : http.put<ChangeReply<PermissionReply>>(`/admin/permissions/${id}`, body),
    onSuccess: refresh,
  });
}

export function useDeletePermission() {
  const refresh = useRefreshAccess();
  return useMutation({
    mutationFn: (id: number) =>
      http.delete<ChangeReply<{ id: number; name: string }>>(`/admin/permissions/${id}`),
    onSuccess: refresh,
  });
}

export type ToggleInput = { roleId: number; permission: { id: number; name: string }; held: boolean };

/**
 * Grants (held = true) or revokes a permission at once. The switch moves before the server
 * answers; a refusal puts it back (the caller toasts the error).
 */
export function useTogglePermission() {
  const client = useQueryClient();
  const refresh = useRefreshAccess();
  return useMutation({
    mutationKey: ['toggle-permission'],
    mutationFn: ({ roleId, permission, held }: ToggleInput) =>
      held
        ? http.post<ChangeReply<GrantReply>>(`/admin/roles/${roleId}/permissions`, {
            permission_id: permission.id,
          })
        : http.delete<ChangeReply<GrantReply>>(`/admin/roles/${roleId}/permissions/${permission.id}`),
    onMutate: async ({ roleId, permission, held }) => {
      const key = accessKeys.rolePermissions(roleId);
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<RolePermissionsReply>(key);
      if (previous) {
        const others = previous.permissions.filter((p) => p.id !== permission.id);
        client.setQueryData<RolePermissionsReply>(key, {
          ...previous,
          permissions: held ? [...others, { id: permission.id, name: permission.name }] : others,
        });
      }
      return { previous };
    },
    onError: (_error, { roleId }, context) => {
      if (context?.previous) client.setQueryData(accessKeys.rolePermissions(roleId), context.previous);
    },
    onSettled: async () => {
      // Refetch once the last of several quick toggles is done, so an answer to an earlier one
      // does not flip a later switch back for a moment.
      if (client.isMutating({ mutationKey: ['toggle-permission'] }) <= 1) await refresh();
    },
  });
}
