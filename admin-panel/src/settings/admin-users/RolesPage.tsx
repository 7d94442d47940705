/**
 * Settings → Administration panel → Roles (`/settings/roles`): every admin role with its
 * description and how many users hold it; "Add new role", and per role Edit, Duplicate and
 * Delete (the server refuses Super Admin and a role users still hold, and says why).
 */
import { Button } from 'react-aria-components';
import { Link, useNavigate } from 'react-router';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { useConfirmedDelete } from '../../ui/useConfirmedDelete';
import { SUPER_ADMIN_CODE, adminData, useAdminRoles, type AdminRole } from './admin-users-api';
import './admin-users.css';

export function RolesPage() {
  const roles = useAdminRoles();
  const navigate = useNavigate();
  const remove = useConfirmedDelete<AdminRole>({
    remove: (role) => adminData(`/roles/${role.id}`, { method: 'DELETE' }),
    queryKey: ['admin-roles'],
    question: (role) => `Delete the role ${role.name}?`,
    done: (role) => `Role ${role.name} deleted`,
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
                {role.code === SUPER_ADMIN_CODE ? null : remove.button(role, role.name)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {remove.dialog}
    </main>
  );
}
