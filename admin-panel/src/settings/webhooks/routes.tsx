/** Webhooks (placeholder until its page lands). */
import type { RouteObject } from 'react-router';
import { NotYetPage } from '../../layout/NotYetPage';

export const webhooksRoutes: RouteObject[] = [
  { path: 'webhooks', element: <NotYetPage title="Webhooks">{null}</NotYetPage> },
];
