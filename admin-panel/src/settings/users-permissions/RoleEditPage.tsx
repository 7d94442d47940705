/**
 * A users-permissions role (`/settings/users-permissions/roles/:id`) or a new one (`…/roles/new`):
 * name, description and the permission matrix, loaded in ONE request (`GET
 * /users-permissions/roles/:id`, or `GET /users-permissions/permissions` for a new role), saved in
 * one (`PUT` / `POST`): the server writes the role and its permissions together and every instance
 * applies them at its next request.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form } from 'react-aria-components';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { missingName, NameDescriptionFields } from '../../ui/NameDescriptionFields';
import { PermissionMatrix } from '../permission-matrix/PermissionMatrix';
import type { PermissionTree } from '../permission-matrix/permission-tree';
import './roles.css';
import { createRole, getPermissions, getRole, ROLES_KEY, updateRole, type RoleBody } from './role-api';

export function RoleEditPage() {
  const id = useParams().id ?? 'new';
  const isNew = id === 'new';
  const loaded = useQuery({
    queryKey: [...ROLES_KEY, id],
    queryFn: async ({ signal }): Promise<RoleBody & { title: string }> => {
      if (isNew) return { title: 'Create a role', name: '', description: '', permissions: await getPermissions(signal) };
      const role = await getRole(id, signal);
      return { title: role.name, name: role.name, description: role.description ?? '', permissions: role.permissions };
    },
    // the form owns the values once loaded: no refetch under the editor's hands
    staleTime: Infinity,
    gcTime: 0,
  });
  if (loaded.error) return <main><ErrorMessage error={loaded.error} /></main>;
  if (!loaded.data) return <main><p role="status">Loading…</p></main>;
  return <RoleForm key={id} id={isNew ? null : id} initial={loaded.data} />;
}

function RoleForm({ id, initial }: { id: string | null; initial: RoleBody & { title: string } }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [permissions, setPermissions] = useState<PermissionTree>(initial.permissions);
  const [notice, setNotice] = useState('');
  const [title, setTitle] = useState(initial.title);
  const [problem, setProblem] = useState<Error | null>(null);
  const save = useMutation({
    mutationFn: (body: RoleBody) => (id === null ? createRole(body) : updateRole(id, body)),
    onSuccess: async (_ok, body) => {
      await client.invalidateQueries({ queryKey: ROLES_KEY, exact: true });
      if (id === null) navigate('/settings/users-permissions/roles');
      else {
        setTitle(body.name);
        setNotice('Saved');
      }
    },
  });
  return (
    <main>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          setNotice('');
          const missing = missingName(name);
          setProblem(missing);
          if (missing === null) save.mutate({ name: name.trim(), description, permissions });
        }}
      >
        <div className="list-header">
          <div>
            <h1>{title}</h1>
            <p>
              <Link to="/settings/users-permissions/roles">Back to the roles</Link>
            </p>
          </div>
          <Button type="submit" className="primary" isDisabled={save.isPending}>
            Save
          </Button>
        </div>
        <p role="status" className="notice">{notice}</p>
        <ErrorMessage error={problem ?? save.error} />
        <div className="role-details">
          <NameDescriptionFields name={name} description={description} onName={setName} onDescription={setDescription} />
        </div>
        <h2>Permissions</h2>
        <p>Only the actions ticked here are allowed to the role's users, on the content API (REST and GraphQL).</p>
        <PermissionMatrix tree={permissions} onChange={setPermissions} />
      </Form>
    </main>
  );
}
