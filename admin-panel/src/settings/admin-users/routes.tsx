/** Settings → Administration panel: Roles and Users (Strapi 5's URLs). */
import type { RouteObject } from 'react-router';
import { RoleEditPage } from './RoleEditPage';
import { RolesPage } from './RolesPage';
import { UserEditPage } from './UserEditPage';
import { UsersPage } from './UsersPage';

export const adminUsersRoutes: RouteObject[] = [
  { path: 'roles', element: <RolesPage /> },
  { path: 'roles/new', element: <RoleEditPage mode="new" key="new" /> },
  { path: 'roles/duplicate/:id', element: <RoleEditPage mode="duplicate" key="duplicate" /> },
  { path: 'roles/:id', element: <RoleEditPage mode="edit" key="edit" /> },
  { path: 'users', element: <UsersPage /> },
  { path: 'users/:id', element: <UserEditPage /> },
];
