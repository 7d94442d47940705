/**
 * One webhook's page, at Strapi's addresses: `/settings/webhooks/create` (a new one; Save goes to
 * its page) and `/settings/webhooks/:id` (edit, "Trigger" a test request and see its status and
 * duration, and the delivery log).
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { DeliveryLog } from './DeliveryLog';
import { WebhookForm } from './WebhookForm';
import './webhooks.css';
import { createWebhook, triggerWebhook, updateWebhook, useWebhook, useWebhookWrite, type TriggerResult } from './webhooks-api';

function BackLink() {
  return <Link to="/settings/webhooks" className="webhooks-back">← Webhooks</Link>;
}

export function CreateWebhookPage() {
  const navigate = useNavigate();
  const create = useWebhookWrite(createWebhook);
  return (
    <main className="webhooks-page">
      <BackLink />
      <h1>Create a webhook</h1>
      <WebhookForm pending={create.isPending} error={create.error} onSave={(body) => create.mutate(body, { onSuccess: (made) => navigate(`/settings/webhooks/${made.id}`, { replace: true, state: { saved: true } }) })} />
    </main>
  );
}

function TriggerButton({ id }: { id: string }) {
  const [result, setResult] = useState<TriggerResult | null>(null);
  const trigger = useWebhookWrite(triggerWebhook);
  return (
    <>
      <Button isDisabled={trigger.isPending} onPress={() => { setResult(null); trigger.mutate(id, { onSuccess: setResult }); }}>
        {trigger.isPending ? 'Triggering…' : 'Trigger'}
      </Button>
      <p role="status" className={`webhook-trigger ${result && result.statusCode < 300 ? 'webhook-ok' : 'webhook-failed'}`}>
        {result ? `Trigger: ${result.statusCode} in ${result.durationMs} ms${result.message ? ` — ${result.message}` : ''}` : ''}
      </p>
      <ErrorMessage error={trigger.error} />
    </>
  );
}

export function EditWebhookPage() {
  const { id } = useParams();
  const webhook = useWebhook(id);
  const update = useWebhookWrite(updateWebhook);
  const [saved, setSaved] = useState(0);
  return (
    <main className="webhooks-page">
      <BackLink />
      <h1>{webhook.data?.name ?? 'Webhook'}</h1>
      <ErrorMessage error={webhook.error} />
      {webhook.data && id !== undefined ? (
        <>
          <p role="status" className="notice">{saved > 0 ? 'Saved' : ''}</p>
          <WebhookForm
            key={saved}
            webhook={webhook.data}
            pending={update.isPending}
            error={update.error}
            actions={<TriggerButton id={id} />}
            onSave={(body) => update.mutate({ id, body }, { onSuccess: () => setSaved((n) => n + 1) })}
          />
          <DeliveryLog webhookId={id} />
        </>
      ) : null}
    </main>
  );
}
