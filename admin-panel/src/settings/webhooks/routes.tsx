/** Settings → Webhooks: the list, a new webhook, and one webhook's page (with its delivery log). */
import type { RouteObject } from 'react-router';
import { CreateWebhookPage, EditWebhookPage } from './WebhookPage';
import { WebhooksListPage } from './WebhooksListPage';

export const webhooksRoutes: RouteObject[] = [
  { path: 'webhooks', element: <WebhooksListPage /> },
  { path: 'webhooks/create', element: <CreateWebhookPage /> },
  { path: 'webhooks/:id', element: <EditWebhookPage /> },
];
