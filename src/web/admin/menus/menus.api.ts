import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageReply } from '../../../contracts/common';
import type { MenuItemSavedReply, MenuItemsReply } from '../../../contracts/menus';
import { http } from '../../lib/http';

export const menuKeys = { tree: ['menu-items', 'tree'] as const };

/** What the menu form sends (POST /api/menu-items, PUT /api/menu-items/{id}). */
export type MenuItemForm = {
  label: string;
  target_type: string;
  url: string;
  page: string | null;
  category_id: string | null;
  product_id: string | null;
  parent_id: string | null;
  is_active: boolean;
};

/** GET /api/menu-items?with_children=true: the whole tree, hidden items included (menus.manage). */
export function useMenuTree() {
  return useQuery({
    queryKey: menuKeys.tree,
    queryFn: ({ signal }) => http.get<MenuItemsReply>('/api/menu-items', { with_children: 'true' }, signal),
    select: (reply) => reply.data,
  });
}

/** Every change of the menu refreshes the tree, whether it worked or not. */
export function useMenuChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: menuKeys.tree });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: MenuItemForm }) =>
      id === null
        ? http.post<MenuItemSavedReply>('/api/menu-items', body)
        : http.put<MenuItemSavedReply>(`/api/menu-items/${id}`, body),
    onSuccess: refresh,
  });
  const reorder = useMutation({
    mutationFn: (items: { id: number; order: number; parent_id: number | null }[]) =>
      http.post<MessageReply>('/api/menu-items/update-order', { items }),
    onSettled: refresh,
  });
  const setStatus = useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
      http.post<MessageReply>(`/api/menu-items/${id}/status`, { is_active: isActive }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => http.delete<MessageReply>(`/api/menu-items/${id}`),
    onSettled: refresh,
  });
  return { save, reorder, setStatus, remove };
}
