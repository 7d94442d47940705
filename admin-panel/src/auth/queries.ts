/** The admin realm's reads every screen shares (TanStack Query keys under 'admin'). */
import { useQuery } from '@tanstack/react-query';
import { adminPath, apiRequest } from '../api/client';
import type { AdminUser, Permission } from '../api/types';

export function useAdminInit() {
  return useQuery({
    queryKey: ['admin', 'init'],
    queryFn: ({ signal }) => apiRequest<{ data: { hasAdmin: boolean } }>(adminPath('/init'), { anonymous: true, signal }),
    staleTime: Infinity,
  });
}

export function useMe() {
  return useQuery({
    queryKey: ['admin', 'me'],
    queryFn: async ({ signal }) => (await apiRequest<{ data: AdminUser }>(adminPath('/users/me'), { signal })).data,
    staleTime: 60_000,
  });
}

export interface Can {
  (action: string, subject?: string | null): boolean;
}

/** Strapi's permission list for the signed-in user; `can('plugin::content-manager.explorer.create', uid)`. */
export function usePermissions(): { ready: boolean; can: Can } {
  const query = useQuery({
    queryKey: ['admin', 'permissions'],
    queryFn: async ({ signal }) => (await apiRequest<{ data: Permission[] }>(adminPath('/users/me/permissions'), { signal })).data,
    staleTime: 60_000,
  });
  const permissions = query.data ?? [];
  return {
    ready: query.isSuccess,
    can: (action, subject = null) => permissions.some((p) => p.action === action && (subject === null || p.subject === subject || p.subject === null)),
  };
}

export const CM_ACTIONS = {
  read: 'plugin::content-manager.explorer.read',
  create: 'plugin::content-manager.explorer.create',
  update: 'plugin::content-manager.explorer.update',
  delete: 'plugin::content-manager.explorer.delete',
  publish: 'plugin::content-manager.explorer.publish',
} as const;
