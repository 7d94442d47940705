/**
 * "Create new Transfer Token": Name, Description, Token duration (7, 30, 90 days, unlimited),
 * Token type (Push, Pull, Full access), as Strapi's form; the key is shown once after saving.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Form, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { Link } from 'react-router';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { FormTextField } from '../../ui/FormTextField';
import { AccessKeyNotice } from './AccessKeyNotice';
import { useTransferTokenWrites } from './transfer-tokens-api';

const DAY_MS = 86_400_000;
const DURATIONS = [
  { id: '7', label: '7 days', lifespan: 7 * DAY_MS },
  { id: '30', label: '30 days', lifespan: 30 * DAY_MS },
  { id: '90', label: '90 days', lifespan: 90 * DAY_MS },
  { id: 'unlimited', label: 'Unlimited', lifespan: null },
] as const;
const TYPES = [
  { id: 'push', label: 'Push', permissions: ['push'] },
  { id: 'pull', label: 'Pull', permissions: ['pull'] },
  { id: 'full', label: 'Full access', permissions: ['push', 'pull'] },
] as const;

interface Values {
  name: string;
  description: string;
}

function Choice({ label, items, value, onChange }: { label: string; items: ReadonlyArray<{ id: string; label: string }>; value: string; onChange: (id: string) => void }) {
  return (
    <Select className="field" selectedKey={value} onSelectionChange={(key) => onChange(String(key))}>
      <Label>{label}</Label>
      <Button>
        <SelectValue />
        <span aria-hidden="true"> ▾</span>
      </Button>
      <Popover className="popover">
        <ListBox>
          {items.map((item) => (
            <ListBoxItem key={item.id} id={item.id}>{item.label}</ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

export function TransferTokenCreatePage() {
  const { control, handleSubmit } = useForm<Values>({ defaultValues: { name: '', description: '' } });
  const [duration, setDuration] = useState<string>('7');
  const [type, setType] = useState<string>('push');
  const { create } = useTransferTokenWrites();
  const submit = handleSubmit((values) => {
    create.mutate({
      name: values.name.trim(),
      description: values.description.trim(),
      permissions: TYPES.find((t) => t.id === type)!.permissions,
      lifespan: DURATIONS.find((d) => d.id === duration)!.lifespan,
    });
  });
  return (
    <main className="transfer-tokens">
      <h1>Create new Transfer Token</h1>
      <p><Link to=".." relative="path">Back to Transfer Tokens</Link></p>
      {create.data ? <AccessKeyNotice accessKey={create.data.accessKey} /> : null}
      <Form onSubmit={(event) => void submit(event)} className="token-form">
        <FormTextField control={control} name="name" label="Name" rules={{ required: 'Name is required' }} />
        <FormTextField control={control} name="description" label="Description" />
        <Choice label="Token duration" items={DURATIONS} value={duration} onChange={setDuration} />
        <Choice label="Token type" items={TYPES} value={type} onChange={setType} />
        <ErrorMessage error={create.error} />
        <Button type="submit" isDisabled={create.isPending || create.data !== undefined}>Save</Button>
      </Form>
    </main>
  );
}
