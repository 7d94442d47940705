/**
 * Settings → Users & Permissions plugin → Roles (`/settings/users-permissions/roles`): the roles
 * with their description and number of users, "Add new role", and delete with a confirmation
 * (not the Public and Authenticated roles, as in Strapi; a deleted role's users move to the
 * Public role, as the server does).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { useConfirmedDelete } from '../../ui/useConfirmedDelete';
import { deleteRole, listRoles, ROLES_KEY, type RoleSummary } from './role-api';

/** the roles Strapi never deletes */
const BUILT_IN = new Set(['public', 'authenticated']);

export function RolesListPage() {
  const roles = useQuery({ queryKey: ROLES_KEY, queryFn: ({ signal }) => listRoles(signal) });
  const remove = useConfirmedDelete<RoleSummary>({
    remove: (role) => deleteRole(role.id),
    queryKey: ROLES_KEY,
    question: (role) => `Delete the role "${role.name}"? Its users move to the Public role.`,
    done: (role) => `Role "${role.name}" deleted`,
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
      <p role="status" className="notice">{remove.notice}</p>
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
                  {BUILT_IN.has(role.type) ? null : remove.button(role, role.name)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : roles.isPending ? (
        <p role="status">Loading…</p>
      ) : null}
      {remove.dialog}
    </main>
  );
}
