/** API Tokens (placeholder until its page lands). */
import type { RouteObject } from 'react-router';
import { NotYetPage } from '../../layout/NotYetPage';

export const apiTokensRoutes: RouteObject[] = [
  { path: 'api-tokens', element: <NotYetPage title="API Tokens">{null}</NotYetPage> },
];
