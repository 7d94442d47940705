/**
 * Users & Permissions → Advanced settings (`/settings/users-permissions/advanced-settings`),
 * Strapi's fields: the default role of new users, one account per email, sign-ups, the reset
 * password page, email confirmation and where it redirects. "Save" writes them
 * (`PUT /users-permissions/advanced`); they apply at the next request on every instance.
 */
import { useEffect, useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Label, Switch, TextField } from 'react-aria-components';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { pluginRequest, useAdvancedSettings, type AdvancedSettings } from './plugin-settings-api';
import '../admin-users/admin-users.css';

function Toggle({ label, value, onChange }: { label: string; value: boolean; onChange: (on: boolean) => void }) {
  return (
    <Switch className="switch" isSelected={value} onChange={onChange}>
      <span className="track" aria-hidden="true"><span className="thumb" /></span>
      {label}
    </Switch>
  );
}

export function AdvancedSettingsPage() {
  const advanced = useAdvancedSettings();
  const queryClient = useQueryClient();
  const roleId = useId();
  const [form, setForm] = useState<AdvancedSettings | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (advanced.data) setForm(advanced.data.settings);
  }, [advanced.data]);
  const save = useMutation({
    mutationFn: (settings: AdvancedSettings) => pluginRequest('/advanced', { method: 'PUT', body: settings }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['users-permissions', 'advanced'] });
      setSaved(true);
    },
  });
  const set = <K extends keyof AdvancedSettings>(key: K, value: AdvancedSettings[K]) => {
    setSaved(false);
    setForm((current) => (current ? { ...current, [key]: value } : current));
  };
  return (
    <main className="admin-users up-settings">
      <div className="list-header">
        <h1>Advanced settings</h1>
        <Button className="primary" isDisabled={!form || save.isPending} onPress={() => form && save.mutate(form)}>Save</Button>
      </div>
      <ErrorMessage error={advanced.error ?? save.error} />
      <p role="status" className="notice">{saved ? 'Saved' : ''}</p>
      {form ? (
        <form onSubmit={(event) => { event.preventDefault(); save.mutate(form); }}>
          <div className="field">
            <label htmlFor={roleId}>Default role for authenticated users</label>
            <select id={roleId} value={form.default_role} onChange={(event) => set('default_role', event.target.value)}>
              {(advanced.data?.roles ?? []).map((role) => <option key={role.type} value={role.type}>{role.name}</option>)}
            </select>
          </div>
          <Toggle label="One account per email address" value={form.unique_email} onChange={(on) => set('unique_email', on)} />
          <Toggle label="Enable sign-ups" value={form.allow_register} onChange={(on) => set('allow_register', on)} />
          <TextField className="field" value={form.email_reset_password} onChange={(value) => set('email_reset_password', value)}>
            <Label>Reset password page</Label>
            <Input placeholder="https://example.com/reset-password" />
          </TextField>
          <Toggle label="Enable email confirmation" value={form.email_confirmation} onChange={(on) => set('email_confirmation', on)} />
          <TextField className="field" value={form.email_confirmation_redirection} onChange={(value) => set('email_confirmation_redirection', value)}>
            <Label>Redirection url</Label>
            <Input placeholder="https://example.com/welcome" />
          </TextField>
        </form>
      ) : null}
    </main>
  );
}
