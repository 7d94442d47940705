/**
 * The users-permissions plugin's admin routes, at the server's root as Strapi 5 serves them
 * (`/users-permissions/roles`, `/users-permissions/permissions`; docs/admin-api.md).
 */
import { apiRequest } from '../../api/client';
import type { PermissionTree } from '../permission-matrix/permission-tree';

export interface RoleSummary {
  readonly id: number;
  readonly name: string;
  readonly description: string | null;
  readonly type: string;
  readonly nb_users: number;
}

export interface RoleDetail {
  readonly id: number;
  readonly name: string;
  readonly description: string | null;
  readonly type: string;
  readonly permissions: PermissionTree;
}

export interface RoleBody {
  readonly name: string;
  readonly description: string;
  readonly permissions: PermissionTree;
}

export const ROLES_KEY = ['users-permissions', 'roles'] as const;

export const listRoles = (signal?: AbortSignal) => apiRequest<{ roles: RoleSummary[] }>('/users-permissions/roles', { signal }).then((body) => body.roles);
/** one request: the role with its whole matrix */
export const getRole = (id: string, signal?: AbortSignal) => apiRequest<{ role: RoleDetail }>(`/users-permissions/roles/${encodeURIComponent(id)}`, { signal }).then((body) => body.role);
/** one request: every action of the matrix, nothing enabled (a new role) */
export const getPermissions = (signal?: AbortSignal) => apiRequest<{ permissions: PermissionTree }>('/users-permissions/permissions', { signal }).then((body) => body.permissions);
export const createRole = (body: RoleBody) => apiRequest<{ ok: true }>('/users-permissions/roles', { method: 'POST', body });
export const updateRole = (id: string, body: RoleBody) => apiRequest<{ ok: true }>(`/users-permissions/roles/${encodeURIComponent(id)}`, { method: 'PUT', body });
export const deleteRole = (id: number) => apiRequest<{ ok: true }>(`/users-permissions/roles/${id}`, { method: 'DELETE' });
