/**
 * The delivery log of one webhook (`GET /admin/webhooks/:id/deliveries`, polled): per delivery
 * its event, state (pending, delivered, dead) and id (the `X-Vellum-Delivery` header receivers
 * de-duplicate on), then each attempt, newest first, with its time, duration, status code or error
 * and the first bytes of the answer. "Redeliver" sends a delivery again with the same id (its
 * attempt count starts again from 1, so the attempts are told apart by time).
 */
import { Button } from 'react-aria-components';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { ColumnHeads } from '../../ui/PageHeader';
import { redeliver, useDeliveryLog, useWebhookWrite, type Attempt } from './webhooks-api';

const time = (iso: string): string => new Date(iso).toLocaleString();

function outcome(attempt: Attempt): string {
  if (attempt.statusCode !== null) return String(attempt.statusCode);
  return attempt.error ?? 'no answer';
}

export function DeliveryLog({ webhookId }: { webhookId: string }) {
  const log = useDeliveryLog(webhookId);
  const again = useWebhookWrite(redeliver);
  const deliveries = log.data?.deliveries ?? [];
  const attempts = log.data?.attempts ?? [];
  return (
    <section className="webhook-log" aria-labelledby="webhook-log-title">
      <h2 id="webhook-log-title">Delivery log</h2>
      <ErrorMessage error={log.error ?? again.error} />
      {deliveries.length === 0 ? (
        <p className="empty">{log.isPending ? 'Loading…' : 'No delivery yet: a write of a chosen event, or a redelivery, shows here.'}</p>
      ) : (
        <table className="list" aria-label="Deliveries">
          <ColumnHeads labels={['Time', 'Event', 'State', 'Duration', 'Status or error', 'Response', 'Actions']} />
          {deliveries.map((delivery) => {
            const tries = attempts.filter((attempt) => attempt.deliveryId === delivery.id).sort((a, b) => b.startedAt.localeCompare(a.startedAt));
            return (
              <tbody key={delivery.id} className="webhook-delivery" aria-label={`Delivery ${delivery.id}`}>
                <tr className="webhook-delivery-row">
                  <td>{time(delivery.createdAt)}</td>
                  <td><code>{delivery.event}</code></td>
                  <td><span className={`webhook-state webhook-state-${delivery.status}`}>{delivery.status}</span></td>
                  <td colSpan={3} className="webhooks-muted">
                    delivery <code>{delivery.id}</code>, {tries.length} attempt{tries.length === 1 ? '' : 's'} logged
                    {delivery.nextAttemptAt ? `, next at ${time(delivery.nextAttemptAt)}` : ''}
                  </td>
                  <td>
                    <Button aria-label={`Redeliver ${delivery.id}`} isDisabled={again.isPending} onPress={() => again.mutate({ id: webhookId, deliveryId: delivery.id })}>
                      Redeliver
                    </Button>
                  </td>
                </tr>
                {tries.map((attempt) => (
                  <tr key={`${attempt.attempt}-${attempt.startedAt}`} className="webhook-attempt">
                    <td>{time(attempt.startedAt)}</td>
                    <td className="webhooks-muted">attempt {attempt.attempt}</td>
                    <td />
                    <td>{attempt.durationMs} ms</td>
                    <td className={attempt.statusCode !== null && attempt.statusCode < 300 ? 'webhook-ok' : 'webhook-failed'}>{outcome(attempt)}</td>
                    <td><code className="webhook-response">{attempt.responseHead ?? ''}</code></td>
                    <td />
                  </tr>
                ))}
              </tbody>
            );
          })}
        </table>
      )}
    </section>
  );
}
