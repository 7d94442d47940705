/**
 * Settings → Administration panel's reads and writes: Strapi 5's admin routes for users
 * (`/admin/users`), roles (`/admin/roles`, `/admin/roles/:id/permissions`) and the role editor's
 * layout (`/admin/permissions`). Query keys under ['admin-users'] / ['admin-roles'].
 */
import { useQuery } from '@tanstack/react-query';
import { adminPath, apiRequest } from '../../api/client';
import type { PermissionLayout, RolePermission } from './role-types.js';

export type { PermissionLayout, RolePermission } from './role-types.js';

export interface AdminRole {
  readonly id: number;
  readonly name: string;
  readonly code: string;
  readonly description: string | null;
  readonly usersCount: number;
}

export interface ManagedUser {
  readonly id: number;
  readonly firstname: string | null;
  readonly lastname: string | null;
  readonly email: string;
  readonly isActive: boolean;
  readonly blocked?: boolean;
  readonly roles: readonly { readonly id: number; readonly name: string; readonly code: string }[];
}

export const SUPER_ADMIN_CODE = 'strapi-super-admin';

/** `{ data }` of an admin route */
export async function adminData<T>(route: string, options: Parameters<typeof apiRequest>[1] = {}): Promise<T> {
  return (await apiRequest<{ data: T }>(adminPath(route), options)).data;
}

export function useAdminRoles() {
  return useQuery({ queryKey: ['admin-roles'], queryFn: ({ signal }) => adminData<AdminRole[]>('/roles', { signal }) });
}

export function useAdminUsers() {
  return useQuery({
    queryKey: ['admin-users'],
    queryFn: async ({ signal }) => (await adminData<{ results: ManagedUser[] }>('/users', { signal })).results,
  });
}

export function useAdminUser(id: string | undefined) {
  return useQuery({ queryKey: ['admin-users', id], queryFn: ({ signal }) => adminData<ManagedUser>(`/users/${id}`, { signal }), enabled: id !== undefined });
}

export function usePermissionLayout() {
  return useQuery({ queryKey: ['admin-roles', 'layout'], queryFn: ({ signal }) => adminData<PermissionLayout>('/permissions', { signal }), staleTime: 60_000 });
}

/** a role and its permissions (both absent for a new role) */
export function useRoleWithPermissions(id: string | undefined) {
  return useQuery({
    queryKey: ['admin-roles', id],
    enabled: id !== undefined,
    queryFn: async ({ signal }) => {
      const [role, permissions] = await Promise.all([
        adminData<AdminRole>(`/roles/${id}`, { signal }),
        adminData<RolePermission[]>(`/roles/${id}/permissions`, { signal }),
      ]);
      return { role, permissions };
    },
  });
}

export const fullName = (user: Pick<ManagedUser, 'firstname' | 'lastname' | 'email'>): string =>
  [user.firstname, user.lastname].filter(Boolean).join(' ') || user.email;
