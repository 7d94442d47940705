/**
 * Users & Permissions → Email templates (`/settings/users-permissions/email-templates`): the two
 * templates Strapi has ("Email address confirmation", "Reset password"), each edited in a dialog
 * with its shipper name and email, response email, subject and message; "Save" writes it
 * (`PUT /users-permissions/email-templates`). The message's placeholders are Strapi's
 * (`<%= URL %>`, `<%= TOKEN %>`, …); anything else is refused by the server, which says why.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Heading, Input, Label, Modal, TextArea, TextField } from 'react-aria-components';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { pluginRequest, useEmailTemplates, type EmailTemplate, type EmailTemplates, type TemplateName } from './plugin-settings-api';
import '../admin-users/admin-users.css';

const TITLES: Readonly<Record<TemplateName, string>> = { email_confirmation: 'Email address confirmation', reset_password: 'Reset password' };

function TemplateDialog({ name, template, all, onClose }: { name: TemplateName; template: EmailTemplate; all: EmailTemplates; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [options, setOptions] = useState(template.options);
  const save = useMutation({
    mutationFn: () => pluginRequest('/email-templates', { method: 'PUT', body: { 'email-templates': { ...all, [name]: { ...template, options } } } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['users-permissions', 'email-templates'] });
      onClose();
    },
  });
  const text = (label: string, value: string, change: (value: string) => void) => (
    <TextField className="field" value={value} onChange={change}>
      <Label>{label}</Label>
      <Input />
    </TextField>
  );
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} isDismissable className="modal invite-modal">
      <Dialog className="dialog">
        <Heading slot="title">{TITLES[name]}</Heading>
        <form onSubmit={(event) => { event.preventDefault(); save.mutate(); }}>
          {text('Shipper name', options.from.name, (value) => setOptions({ ...options, from: { ...options.from, name: value } }))}
          {text('Shipper email', options.from.email, (value) => setOptions({ ...options, from: { ...options.from, email: value } }))}
          {text('Response email', options.response_email, (value) => setOptions({ ...options, response_email: value }))}
          {text('Subject', options.object, (value) => setOptions({ ...options, object: value }))}
          <TextField className="field" value={options.message} onChange={(value) => setOptions({ ...options, message: value })}>
            <Label>Message</Label>
            <TextArea />
          </TextField>
          <ErrorMessage error={save.error} />
          <div className="dialog-actions">
            <Button onPress={onClose}>Cancel</Button>
            <Button type="submit" className="primary" isDisabled={save.isPending}>Save</Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}

export function EmailTemplatesPage() {
  const templates = useEmailTemplates();
  const [editing, setEditing] = useState<TemplateName | null>(null);
  return (
    <main className="admin-users up-settings">
      <h1>Email templates</h1>
      <ErrorMessage error={templates.error} />
      <table className="list">
        <thead><tr><th scope="col">Name</th><th scope="col">Subject</th><th scope="col">Actions</th></tr></thead>
        <tbody>
          {templates.data
            ? (Object.keys(TITLES) as TemplateName[]).map((name) => (
              <tr key={name}>
                <td>{TITLES[name]}</td>
                <td>{templates.data[name].options.object}</td>
                <td><Button aria-label={`Edit ${TITLES[name]}`} onPress={() => setEditing(name)}>Edit</Button></td>
              </tr>
            ))
            : null}
        </tbody>
      </table>
      {editing && templates.data ? <TemplateDialog name={editing} template={templates.data[editing]} all={templates.data} onClose={() => setEditing(null)} /> : null}
    </main>
  );
}
