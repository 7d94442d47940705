/**
 * Settings → Administration panel → Users (`/settings/users`): every admin user with name,
 * email, roles and whether they are active; "Invite new user" (InviteUserDialog.tsx), and per
 * user Edit (UserEditPage.tsx) and Delete.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'react-router';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { useConfirmedDelete } from '../../ui/useConfirmedDelete';
import { adminData, fullName, useAdminUsers, type ManagedUser } from './admin-users-api';
import { InviteUserDialog } from './InviteUserDialog';
import './admin-users.css';

export function UsersPage() {
  const users = useAdminUsers();
  const [inviting, setInviting] = useState(false);
  const remove = useConfirmedDelete<ManagedUser>({
    remove: (user) => adminData(`/users/${user.id}`, { method: 'DELETE' }),
    queryKey: ['admin-users'],
    question: (user) => `Delete the user ${fullName(user)}? They can no longer sign in.`,
    done: (user) => `User ${fullName(user)} deleted`,
  });
  return (
    <main className="admin-users">
      <div className="list-header">
        <div>
          <h1>Users</h1>
          <p>All the users who have access to the admin panel</p>
        </div>
        <Button className="primary" onPress={() => setInviting(true)}>Invite new user</Button>
      </div>
      <ErrorMessage error={users.error ?? remove.error} />
      <table className="list">
        <thead>
          <tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Roles</th><th scope="col">User status</th><th scope="col">Actions</th></tr>
        </thead>
        <tbody>
          {(users.data ?? []).map((user) => (
            <tr key={user.id}>
              <td>{fullName(user)}</td>
              <td>{user.email}</td>
              <td>{user.roles.map((role) => role.name).join(', ')}</td>
              <td><span className={`status ${user.isActive ? 'status-published' : 'status-draft'}`}>{user.isActive ? 'Active' : 'Inactive'}</span></td>
              <td className="row-actions">
                <Link to={`/settings/users/${user.id}`} aria-label={`Edit ${fullName(user)}`}>Edit</Link>
                {remove.button(user, fullName(user))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <InviteUserDialog isOpen={inviting} onClose={() => setInviting(false)} />
      {remove.dialog}
    </main>
  );
}
