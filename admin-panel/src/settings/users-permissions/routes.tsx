/** Users & Permissions: the roles' pages (the email templates and advanced settings: placeholders until their pages land). */
import type { RouteObject } from 'react-router';
import { NotYetPage } from '../../layout/NotYetPage';
import { RoleEditPage } from './RoleEditPage';
import { RolesListPage } from './RolesListPage';

export const usersPermissionsRoutes: RouteObject[] = [
  { path: 'users-permissions/roles', element: <RolesListPage /> },
  { path: 'users-permissions/roles/:id', element: <RoleEditPage /> },
  { path: 'users-permissions/email-templates', element: <NotYetPage title="Users & Permissions">{null}</NotYetPage> },
  { path: 'users-permissions/advanced-settings', element: <NotYetPage title="Users & Permissions">{null}</NotYetPage> },
];
