/**
 * Settings → Webhooks (`/admin/settings/webhooks`), as Strapi's: the webhooks (name, URL, an
 * enabled switch, the events), "Create new webhook", and per webhook its page (the name) and
 * Delete, after a confirmation.
 */
import { Switch } from 'react-aria-components';
import { Link } from 'react-router';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { ColumnHeads, PageHeader } from '../../ui/PageHeader';
import { useConfirmedDelete } from '../../ui/useConfirmedDelete';
import { deleteWebhook, updateWebhook, useWebhooks, useWebhookWrite, type Webhook } from './webhooks-api';
import './webhooks.css';

export function WebhooksListPage() {
  const webhooks = useWebhooks();
  const toggle = useWebhookWrite(updateWebhook);
  const remove = useConfirmedDelete<Webhook>({
    remove: (webhook) => deleteWebhook(webhook.id),
    queryKey: ['webhooks'],
    question: (webhook) => `Delete the webhook ${webhook.name}? Its pending deliveries are not sent.`,
    done: (webhook) => `Webhook ${webhook.name} deleted`,
  });
  return (
    <main className="webhooks-page">
      <PageHeader
        title="Webhooks"
        description="Requests sent to other services when entries and media change."
        action={<Link to="/settings/webhooks/create" className="button primary">Create new webhook</Link>}
      />
      <ErrorMessage error={webhooks.error ?? toggle.error ?? remove.error} />
      {webhooks.data && webhooks.data.length === 0 ? <p className="empty">No webhook yet.</p> : null}
      {webhooks.data && webhooks.data.length > 0 ? (
        <table className="list" aria-label="Webhooks">
          <ColumnHeads labels={['Name', 'URL', 'Status', 'Events', 'Actions']} />
          <tbody>
            {webhooks.data.map((webhook) => (
              <tr key={webhook.id}>
                <td><Link to={`/settings/webhooks/${webhook.id}`}>{webhook.name}</Link></td>
                <td className="webhook-url">{webhook.url}</td>
                <td>
                  <Switch className="webhook-switch" isSelected={webhook.isEnabled} isDisabled={toggle.isPending} onChange={(isEnabled) => toggle.mutate({ id: webhook.id, body: { isEnabled } })}>
                    <span className="track" aria-hidden="true"><span className="thumb" /></span>
                    {webhook.isEnabled ? 'Enabled' : 'Disabled'}
                    <span className="webhooks-hidden"> {webhook.name}</span>
                  </Switch>
                </td>
                <td className="webhook-event-list">{webhook.events.join(', ')}</td>
                <td>
                  {remove.button(webhook, webhook.name)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {remove.dialog}
    </main>
  );
}
