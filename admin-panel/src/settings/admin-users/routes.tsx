/** Users and Roles (placeholder until its page lands). */
import type { RouteObject } from 'react-router';
import { NotYetPage } from '../../layout/NotYetPage';

export const adminUsersRoutes: RouteObject[] = [
  { path: 'roles', element: <NotYetPage title="Users and Roles">{null}</NotYetPage> },
  { path: 'users', element: <NotYetPage title="Users and Roles">{null}</NotYetPage> },
];
