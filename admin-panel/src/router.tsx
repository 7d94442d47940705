/** The panel's routes (contracts.md "Panel routes"), under the admin path as the router's basename. */
import { createBrowserRouter } from 'react-router';
import { AuthRoutes, RequireSession } from './auth/guards';
import { LoginPage } from './auth/LoginPage';
import { RegisterAdminPage } from './auth/RegisterAdminPage';
import { RegisterPage } from './auth/RegisterPage';
import { ContentManagerHome } from './content-manager/ContentManagerHome';
import { ListViewPage } from './content-manager/ListView';
import { HomePage } from './layout/HomePage';
import { Layout } from './layout/Layout';
import { NotFoundPage } from './layout/NotYetPage';
import { contentTypeBuilderRoutes } from './content-type-builder/routes';
import { mediaLibraryRoutes } from './media-library/routes';
import { settingsRoute } from './settings/settings-routes';

const editView = () => import('./edit-view/EditViewPage').then((module) => ({ Component: module.default }));

export function createAdminRouter(basename: string) {
  return createBrowserRouter(
    [
      { path: '/auth/register-admin', element: <AuthRoutes page="register-admin" />, children: [{ index: true, element: <RegisterAdminPage /> }] },
      // an invited admin's registration link (`?registrationToken=`), Strapi's URL
      { path: '/auth/register', element: <AuthRoutes page="register" />, children: [{ index: true, element: <RegisterPage /> }] },
      { path: '/auth/login', element: <AuthRoutes page="login" />, children: [{ index: true, element: <LoginPage /> }] },
      {
        element: <RequireSession />,
        children: [
          {
            element: <Layout />,
            children: [
              { index: true, element: <HomePage /> },
              { path: 'content-manager', element: <ContentManagerHome /> },
              { path: 'content-manager/collection-types/:uid', element: <ListViewPage /> },
              // the edit view (edit-view/EditViewPage.tsx, its own chunk): `:documentId` is `create` for a new entry
              { path: 'content-manager/:kind/:uid/:documentId', lazy: editView },
              // single types (`:kind` = single-types; the static collection-types route above ranks first)
              { path: 'content-manager/:kind/:uid', lazy: editView },
              ...mediaLibraryRoutes,
              ...contentTypeBuilderRoutes,
              settingsRoute,
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
    { basename },
  );
}
