/**
 * A webhook's form, as Strapi's: "Name", "Url", "Headers", "Events", and Vellum's optional
 * "Secret" (write-only: the server answers only whether one is set; it signs each request's body,
 * `X-Strapi-Signature-256`). Save answers the server's 400 (naming the field) above the button.
 */
import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Input, Label, Text, TextField } from 'react-aria-components';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { EventsGrid } from './EventsGrid';
import { HeadersEditor, type HeaderRow } from './HeadersEditor';
import type { Webhook, WebhookBody } from './webhooks-api';

interface Props {
  readonly webhook?: Webhook;
  readonly pending: boolean;
  readonly error: unknown;
  readonly onSave: (body: WebhookBody) => void;
  /** beside Save (Trigger, on a saved webhook) */
  readonly actions?: ReactNode;
}

export function WebhookForm({ webhook, pending, error, onSave, actions }: Props) {
  const [name, setName] = useState(webhook?.name ?? '');
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [headers, setHeaders] = useState<HeaderRow[]>(Object.entries(webhook?.headers ?? {}).map(([key, value]) => ({ key, value })));
  const [events, setEvents] = useState<string[]>([...(webhook?.events ?? [])]);
  const [secret, setSecret] = useState('');
  const [removeSecret, setRemoveSecret] = useState(false);

  const body = (): WebhookBody => ({
    name,
    url,
    // a row left entirely empty is no header; a half-filled one goes to the server, which names it
    headers: Object.fromEntries(headers.filter((row) => row.key !== '' || row.value !== '').map((row) => [row.key.trim(), row.value])),
    events,
    ...(removeSecret ? { secret: null } : secret !== '' ? { secret } : {}),
  });

  return (
    <form
      className="webhook-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) onSave(body());
      }}
    >
      <div className="webhook-form-bar">
        {actions}
        <Button type="submit" className="primary" isDisabled={pending}>{pending ? 'Saving…' : 'Save'}</Button>
      </div>
      <ErrorMessage error={error} />
      <div className="webhook-form-fields">
        <TextField className="field" value={name} onChange={setName} isRequired>
          <Label>Name</Label>
          <Input />
        </TextField>
        <TextField className="field" value={url} onChange={setUrl} isRequired type="url">
          <Label>Url</Label>
          <Input placeholder="https://example.com/hooks/rebuild" />
        </TextField>
      </div>
      <HeadersEditor rows={headers} onChange={setHeaders} />
      <EventsGrid value={events} onChange={setEvents} />
      <div className="webhook-secret">
        <TextField className="field" value={secret} onChange={setSecret} type="password" autoComplete="new-password" isDisabled={removeSecret}>
          <Label>Secret</Label>
          <Input />
          <Text slot="description">
            {webhook?.hasSecret ? 'A secret is set (never shown). A new one replaces it; empty keeps it.' : 'Optional, 8 characters or more: each request then carries X-Strapi-Signature-256, an HMAC of its body.'}
          </Text>
        </TextField>
        {webhook?.hasSecret ? (
          <Checkbox className="checkbox" isSelected={removeSecret} onChange={setRemoveSecret}>
            <span className="box" aria-hidden="true" />
            Remove the secret
          </Checkbox>
        ) : null}
      </div>
    </form>
  );
}
