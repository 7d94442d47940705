/**
 * One admin role (`/settings/roles/:id`, `/settings/roles/new`, `/settings/roles/duplicate/:id`):
 * name, description and the permission matrix; "Save" writes the role (`POST`/`PUT /admin/roles`)
 * then its permissions (`PUT /admin/roles/:id/permissions`, the whole list). Super Admin is shown
 * read-only: it may do everything.
 */
import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Label, TextField } from 'react-aria-components';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { adminData, SUPER_ADMIN_CODE, usePermissionLayout, useRoleWithPermissions, type AdminRole } from './admin-users-api';
import { PermissionMatrix } from './PermissionMatrix';
import { modelOf, permissionsOf, stateOf, type MatrixState } from './role-matrix';
import './admin-users.css';

export function RoleEditPage({ mode }: { mode: 'edit' | 'new' | 'duplicate' }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const layout = usePermissionLayout();
  const source = useRoleWithPermissions(mode === 'new' ? undefined : id);
  const model = useMemo(() => (layout.data ? modelOf(layout.data) : null), [layout.data]);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [matrix, setMatrix] = useState<MatrixState | null>(null);
  // a new role's page moves to its own address once saved, and says so there
  const [saved, setSaved] = useState((useLocation().state as { saved?: boolean } | null)?.saved === true);

  // the form starts from the role (or, for a copy, from the role copied), once both reads are in
  useEffect(() => {
    if (!model || (mode !== 'new' && !source.data)) return;
    setMatrix(stateOf(model, source.data?.permissions ?? []));
    setName(mode === 'duplicate' ? `${source.data?.role.name ?? ''} (copy)` : (source.data?.role.name ?? ''));
    setDescription(source.data?.role.description ?? '');
  }, [model, source.data, mode]);

  const superAdmin = mode === 'edit' && source.data?.role.code === SUPER_ADMIN_CODE;
  const save = useMutation({
    mutationFn: async () => {
      if (!model || !matrix) return null;
      const body = { name, description };
      const role = mode === 'edit' && id !== undefined
        ? await adminData<AdminRole>(`/roles/${id}`, { method: 'PUT', body })
        : await adminData<AdminRole>('/roles', { method: 'POST', body });
      await adminData(`/roles/${role.id}/permissions`, { method: 'PUT', body: { permissions: permissionsOf(model, matrix) } });
      return role;
    },
    onSuccess: async (role) => {
      await queryClient.invalidateQueries({ queryKey: ['admin-roles'] });
      setSaved(true);
      if (role && mode !== 'edit') void navigate(`/settings/roles/${role.id}`, { replace: true, state: { saved: true } });
    },
  });

  const title = mode === 'edit' ? (source.data?.role.name ?? 'Role') : 'Create a role';
  return (
    <main className="admin-users role-edit">
      <p><Link to="/settings/roles">Back to roles</Link></p>
      <div className="list-header">
        <div>
          <h1>{title}</h1>
          <p>{superAdmin ? 'Super Admins can access and manage all features and settings: this role cannot be edited.' : 'Define the rights given to the role'}</p>
        </div>
        {superAdmin ? null : (
          <Button className="primary" isDisabled={!matrix || save.isPending} onPress={() => { setSaved(false); save.mutate(); }}>Save</Button>
        )}
      </div>
      <ErrorMessage error={layout.error ?? source.error ?? save.error} />
      <p role="status" className="notice">{saved ? 'Saved' : ''}</p>
      <div className="role-fields">
        <TextField className="field" value={name} onChange={setName} isReadOnly={superAdmin} isRequired>
          <Label>Name</Label>
          <Input />
        </TextField>
        <TextField className="field" value={description} onChange={setDescription} isReadOnly={superAdmin}>
          <Label>Description</Label>
          <Input />
        </TextField>
      </div>
      {model && matrix ? <PermissionMatrix model={model} state={matrix} onChange={setMatrix} readOnly={superAdmin} /> : <p role="status">Loading…</p>}
    </main>
  );
}
