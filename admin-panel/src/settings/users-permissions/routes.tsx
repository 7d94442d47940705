/** Users & Permissions: the roles' pages (the email templates and advanced settings: plugin-settings-routes.tsx). */
import type { RouteObject } from 'react-router';
import { RoleEditPage } from './RoleEditPage';
import { RolesListPage } from './RolesListPage';

export const usersPermissionsRoutes: RouteObject[] = [
  { path: 'users-permissions/roles', element: <RolesListPage /> },
  { path: 'users-permissions/roles/:id', element: <RoleEditPage /> },
];
