/**
 * A token's fields, for its creation and its page: "Name", "Description", "Token duration" (at
 * creation only: the server never changes an expiry), "Token type" (Read-only, Full access,
 * Custom) and, for Custom, the permission matrix of the users-permissions roles (one component)
 * over Strapi's `GET /admin/content-api/permissions`; "Save" sends them in one request.
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Form } from 'react-aria-components';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { missingName, NameDescriptionFields } from '../../ui/NameDescriptionFields';
import { SelectField } from '../../ui/SelectField';
import { PermissionMatrix } from '../permission-matrix/PermissionMatrix';
import { enabledActions, treeOf, type PermissionTree } from '../permission-matrix/permission-tree';
import { contentApiActions, type TokenBody, type TokenType } from './token-api';
import { DURATIONS, TYPE_LABELS } from './token-labels';

interface Props {
  readonly title: string;
  readonly initial: TokenBody;
  /** creation: the duration select is shown and its days are passed to `onSave` */
  readonly withDuration: boolean;
  readonly isSaving: boolean;
  readonly error: unknown;
  readonly onSave: (body: TokenBody, days: number | null) => void;
  /** above the fields: a key shown once, a notice */
  readonly children?: ReactNode;
  /** beside "Save": Regenerate, Delete */
  readonly actions?: ReactNode;
}

const TYPE_OPTIONS = (Object.keys(TYPE_LABELS) as TokenType[]).map((key) => ({ key, label: TYPE_LABELS[key] }));

export function TokenForm({ title, initial, withDuration, isSaving, error, onSave, children, actions }: Props) {
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [type, setType] = useState<TokenType>(initial.type);
  const [duration, setDuration] = useState('30');
  const [tree, setTree] = useState<PermissionTree | null>(null);
  const [problem, setProblem] = useState<Error | null>(null);
  const available = useQuery({ queryKey: ['content-api', 'permissions'], queryFn: ({ signal }) => contentApiActions(signal), staleTime: 60_000 });
  // the matrix starts from the token's permissions, once the actions are known
  const shownTree = tree ?? (available.data ? treeOf(available.data, initial.permissions) : null);
  return (
    <Form
      className="token-form"
      onSubmit={(event) => {
        event.preventDefault();
        const missing = missingName(name);
        setProblem(missing);
        if (missing !== null) return;
        const days = DURATIONS.find((option) => option.key === duration)?.days ?? null;
        onSave({ name: name.trim(), description, type, permissions: type === 'custom' && shownTree ? enabledActions(shownTree) : [] }, days);
      }}
    >
      <div className="list-header">
        <div>
          <h1>{title}</h1>
        </div>
        <div className="token-actions">
          {actions}
          <Button type="submit" className="primary" isDisabled={isSaving}>
            Save
          </Button>
        </div>
      </div>
      {children}
      <ErrorMessage error={problem ?? error} />
      <div className="token-fields">
        <NameDescriptionFields name={name} description={description} onName={setName} onDescription={setDescription} />
        {withDuration ? <SelectField label="Token duration" options={DURATIONS} value={duration} onChange={setDuration} /> : null}
        <SelectField label="Token type" options={TYPE_OPTIONS} value={type} onChange={(key) => setType(key as TokenType)} />
      </div>
      {type === 'custom' ? (
        <section aria-labelledby="token-permissions">
          <h2 id="token-permissions">Permissions</h2>
          <p>Only the actions ticked here are allowed with this token.</p>
          <ErrorMessage error={available.error} />
          {shownTree ? <PermissionMatrix tree={shownTree} onChange={setTree} /> : <p role="status">Loading…</p>}
        </section>
      ) : null}
    </Form>
  );
}
