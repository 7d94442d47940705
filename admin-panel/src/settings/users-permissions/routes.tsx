/** Users & Permissions (placeholder until its page lands). */
import type { RouteObject } from 'react-router';
import { NotYetPage } from '../../layout/NotYetPage';

export const usersPermissionsRoutes: RouteObject[] = [
  { path: 'users-permissions/roles', element: <NotYetPage title="Users & Permissions">{null}</NotYetPage> },
];
