/**
 * Settings → Users & Permissions plugin → Roles (`/settings/users-permissions/roles`): the roles
 * with their description and number of users, "Add new role", and delete with a confirmation
 * (not the Public and Authenticated roles, as in Strapi; a deleted role's users move to the
 * Public role, as the server does).
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { deleteRole, listRoles, ROLES_KEY, type RoleSummary } from './role-api';

/** the roles Strapi never deletes */
const BUILT_IN = new Set(['public', 'authenticated']);

export function RolesListPage() {
  const client = useQueryClient();
  const roles = useQuery({ queryKey: ROLES_KEY, queryFn: ({ signal }) => listRoles(signal) });
  const [doomed, setDoomed] = useState<RoleSummary | null>(null);
  const [notice, setNotice] = useState('');
  const remove = useMutation({
    mutationFn: (role: RoleSummary) => deleteRole(role.id),
    onSuccess: (_ok, role) => {
      setNotice(`Role "${role.name}" deleted`);
      return client.invalidateQueries({ queryKey: ROLES_KEY });
    },
  });
  return (
    <main>
      <div className="list-header">
        <div>
          <h1>Roles</h1>
          <p>List of roles of the content API (Users & Permissions plugin)</p>
        </div>
        <Link className="button primary" to="/settings/users-permissions/roles/new">
          Add new role
        </Link>
      </div>
      <p role="status" className="notice">{notice}</p>
      <ErrorMessage error={roles.error ?? remove.error} />
      {roles.data ? (
        <table className="list">
          <thead>
            <tr>
              <th>Name</th>
              <th>Description</th>
              <th>Users</th>
              <th>
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {roles.data.map((role) => (
              <tr key={role.id}>
                <td>
                  <Link to={`/settings/users-permissions/roles/${role.id}`}>{role.name}</Link>
                </td>
                <td>{role.description}</td>
                <td>{role.nb_users} {role.nb_users === 1 ? 'user' : 'users'}</td>
                <td>
                  {BUILT_IN.has(role.type) ? null : (
                    <Button aria-label={`Delete ${role.name}`} className="danger" onPress={() => setDoomed(role)}>
                      Delete
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : roles.isPending ? (
        <p role="status">Loading…</p>
      ) : null}
      <ConfirmDialog
        isOpen={doomed !== null}
        message={`Delete the role "${doomed?.name ?? ''}"? Its users move to the Public role.`}
        confirmLabel="Delete"
        onCancel={() => setDoomed(null)}
        onConfirm={() => {
          if (doomed) remove.mutate(doomed);
          setDoomed(null);
        }}
      />
    </main>
  );
}
