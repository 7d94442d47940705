/** API Tokens: the list, "Create new API Token" and a token's page, in one section frame (the key shown once). */
import type { RouteObject } from 'react-router';
import { ApiTokenCreatePage } from './ApiTokenCreatePage';
import { ApiTokenEditPage } from './ApiTokenEditPage';
import { ApiTokensListPage } from './ApiTokensListPage';
import { ApiTokensSection } from './ApiTokensSection';

export const apiTokensRoutes: RouteObject[] = [
  {
    path: 'api-tokens',
    element: <ApiTokensSection />,
    children: [
      { index: true, element: <ApiTokensListPage /> },
      { path: 'create', element: <ApiTokenCreatePage /> },
      { path: ':id', element: <ApiTokenEditPage /> },
    ],
  },
];
