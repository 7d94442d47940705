/**
 * Settings → Administration panel → Roles (`/settings/roles`): every admin role with its
 * description and how many users hold it; "Add new role", and per role Edit, Duplicate and
 * Delete (the server refuses Super Admin and a role users still hold, and says why).
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { adminData, SUPER_ADMIN_CODE, useAdminRoles, type AdminRole } from './admin-users-api';
import './admin-users.css';

export function RolesPage() {
  const roles = useAdminRoles();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [doomed, setDoomed] = useState<AdminRole | null>(null);
  const remove = useMutation({
    mutationFn: (role: AdminRole) => adminData(`/roles/${role.id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin-roles'] }),
  });
  return (
    <main className="admin-users">
      <div className="list-header">
        <div>
          <h1>Roles</h1>
          <p>List of roles</p>
        </div>
        <Button className="primary" onPress={() => void navigate('/settings/roles/new')}>Add new role</Button>
      </div>
      <ErrorMessage error={roles.error ?? remove.error} />
      <table className="list">
        <thead>
          <tr><th scope="col">Name</th><th scope="col">Description</th><th scope="col">Users</th><th scope="col">Actions</th></tr>
        </thead>
        <tbody>
          {(roles.data ?? []).map((role) => (
            <tr key={role.id}>
              <td>{role.name}</td>
              <td>{role.description}</td>
              <td>{role.usersCount} {role.usersCount === 1 ? 'user' : 'users'}</td>
              <td className="row-actions">
                <Link to={`/settings/roles/${role.id}`} aria-label={`Edit ${role.name}`}>Edit</Link>
                <Link to={`/settings/roles/duplicate/${role.id}`} aria-label={`Duplicate ${role.name}`}>Duplicate</Link>
                {role.code === SUPER_ADMIN_CODE ? null : (
                  <Button className="danger" aria-label={`Delete ${role.name}`} onPress={() => setDoomed(role)}>Delete</Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        isOpen={doomed !== null}
        message={`Delete the role ${doomed?.name ?? ''}?`}
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
