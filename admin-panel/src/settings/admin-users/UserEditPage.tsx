/**
 * One admin user (`/settings/users/:id`): names, email, "Active" (an inactive user's sessions end
 * at once and they cannot sign in) and their roles; "Save" (`PUT /admin/users/:id`).
 */
import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Label, Switch, TextField } from 'react-aria-components';
import { Link, useParams } from 'react-router';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { adminData, fullName, useAdminRoles, useAdminUser, type ManagedUser } from './admin-users-api';
import { RoleChoices } from './RoleChoices';
import './admin-users.css';

export function UserEditPage() {
  const { id } = useParams();
  const user = useAdminUser(id);
  const roles = useAdminRoles();
  const queryClient = useQueryClient();
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [email, setEmail] = useState('');
  const [isActive, setActive] = useState(false);
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!user.data) return;
    setFirstname(user.data.firstname ?? '');
    setLastname(user.data.lastname ?? '');
    setEmail(user.data.email);
    setActive(user.data.isActive);
    setRoleIds(user.data.roles.map((role) => role.id));
  }, [user.data]);
  const save = useMutation({
    mutationFn: () => adminData<ManagedUser>(`/users/${id}`, { method: 'PUT', body: { firstname, lastname, email, isActive, roles: roleIds } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin-users'] });
      await queryClient.invalidateQueries({ queryKey: ['admin-roles'] });
      setSaved(true);
    },
  });
  return (
    <main className="admin-users">
      <p><Link to="/settings/users">Back to users</Link></p>
      <div className="list-header">
        <h1>{user.data ? fullName(user.data) : 'User'}</h1>
        <Button className="primary" isDisabled={!user.data || save.isPending} onPress={() => { setSaved(false); save.mutate(); }}>Save</Button>
      </div>
      <ErrorMessage error={user.error ?? save.error} />
      <p role="status" className="notice">{saved ? 'Saved' : ''}</p>
      {user.data ? (
        <div className="user-form">
          <TextField className="field" value={firstname} onChange={setFirstname} isRequired><Label>First name</Label><Input /></TextField>
          <TextField className="field" value={lastname} onChange={setLastname}><Label>Last name</Label><Input /></TextField>
          <TextField className="field" type="email" value={email} onChange={setEmail} isRequired><Label>Email</Label><Input /></TextField>
          <Switch className="switch" isSelected={isActive} onChange={setActive}>
            <span className="track" aria-hidden="true"><span className="thumb" /></span>
            Active
          </Switch>
          <RoleChoices roles={roles.data ?? []} value={roleIds} onChange={setRoleIds} />
        </div>
      ) : null}
    </main>
  );
}
