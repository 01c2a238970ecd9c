import { useQuery } from '@tanstack/react-query';
import { http } from '../lib/http';

export type Viewer = {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  full_name: string;
  active_role: string | null;
  roles: string[];
  permissions: string[];
  dashboard_url: string | null;
};

type AuthStatus = { data: { authenticated: boolean; user: Viewer | null; token: string | null } };

/** The signed-in user, their active role and its permissions. */
export function useViewer() {
  return useQuery({
    queryKey: ['auth-status'],
    queryFn: () => http.get<AuthStatus>('/api/auth/status'),
    select: (reply) => reply.data.user,
    staleTime: 60_000,
  });
}

export function can(viewer: Viewer | null | undefined, permission: string): boolean {
  return Boolean(viewer?.permissions.includes(permission));
}
