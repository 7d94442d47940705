/** The admin roles as a checkbox group ("User's roles"), for the invitation and the user page. */
import { Checkbox, CheckboxGroup, Label } from 'react-aria-components';
import type { AdminRole } from './admin-users-api';

export function RoleChoices({ roles, value, onChange, isDisabled = false }: { roles: readonly AdminRole[]; value: readonly number[]; onChange: (ids: number[]) => void; isDisabled?: boolean }) {
  return (
    <CheckboxGroup className="role-choices" value={value.map(String)} onChange={(ids) => onChange(ids.map(Number))} isDisabled={isDisabled}>
      <Label>User's roles</Label>
      {roles.map((role) => (
        <Checkbox key={role.id} value={String(role.id)} className="checkbox">
          <span className="box" aria-hidden="true" />
          {role.name}
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}
