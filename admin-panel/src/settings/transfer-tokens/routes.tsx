/** Settings → Transfer Tokens: the list and "Create new Transfer Token". */
import type { RouteObject } from 'react-router';
import { TransferTokenCreatePage } from './TransferTokenCreatePage';
import { TransferTokensPage } from './TransferTokensPage';

export const transferTokensRoutes: RouteObject[] = [
  { path: 'transfer-tokens', element: <TransferTokensPage /> },
  { path: 'transfer-tokens/create', element: <TransferTokenCreatePage /> },
];
