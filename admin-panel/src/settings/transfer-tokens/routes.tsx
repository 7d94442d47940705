/** Transfer Tokens (placeholder until its page lands). */
import type { RouteObject } from 'react-router';
import { NotYetPage } from '../../layout/NotYetPage';

export const transferTokensRoutes: RouteObject[] = [
  { path: 'transfer-tokens', element: <NotYetPage title="Transfer Tokens">{null}</NotYetPage> },
];
