/**
 * "Invite new user": First name, Last name, Email and the user's roles; the server answers the
 * registration token once, and the dialog shows the registration link
 * (`<admin>/auth/register?registrationToken=…`) to copy and send, as Strapi does without an
 * email provider.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Heading, Input, Label, Modal, TextField } from 'react-aria-components';
import { adminBasePath } from '../../base-path';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { adminData, useAdminRoles } from './admin-users-api';
import { RoleChoices } from './RoleChoices';

export function registrationLink(token: string): string {
  return `${window.location.origin}${adminBasePath()}/auth/register?registrationToken=${encodeURIComponent(token)}`;
}

export function InviteUserDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const roles = useAdminRoles();
  const queryClient = useQueryClient();
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [email, setEmail] = useState('');
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const [copied, setCopied] = useState(false);
  const invite = useMutation({
    mutationFn: () => adminData<{ registrationToken: string }>('/users', { method: 'POST', body: { firstname, lastname, email, roles: roleIds } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin-users'] }),
  });
  const close = () => {
    setFirstname(''); setLastname(''); setEmail(''); setRoleIds([]); setCopied(false);
    invite.reset();
    onClose();
  };
  const link = invite.data ? registrationLink(invite.data.registrationToken) : null;
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && close()} isDismissable className="modal invite-modal">
      <Dialog className="dialog">
        <Heading slot="title">Invite new user</Heading>
        {link === null ? (
          <form onSubmit={(event) => { event.preventDefault(); invite.mutate(); }}>
            <TextField className="field" value={firstname} onChange={setFirstname} isRequired>
              <Label>First name</Label>
              <Input />
            </TextField>
            <TextField className="field" value={lastname} onChange={setLastname}>
              <Label>Last name</Label>
              <Input />
            </TextField>
            <TextField className="field" type="email" value={email} onChange={setEmail} isRequired>
              <Label>Email</Label>
              <Input />
            </TextField>
            <RoleChoices roles={roles.data ?? []} value={roleIds} onChange={setRoleIds} />
            <ErrorMessage error={invite.error} />
            <div className="dialog-actions">
              <Button onPress={close}>Cancel</Button>
              <Button type="submit" className="primary" isDisabled={invite.isPending}>Invite user</Button>
            </div>
          </form>
        ) : (
          <>
            <p>Copy and share this link with the user: it lets them choose their password and sign in (it works once).</p>
            <TextField className="field" value={link} isReadOnly>
              <Label>Registration link</Label>
              <Input />
            </TextField>
            <p role="status" className="notice">{copied ? 'Copied' : ''}</p>
            <div className="dialog-actions">
              <Button onPress={() => void navigator.clipboard.writeText(link).then(() => setCopied(true), () => setCopied(false))}>Copy link</Button>
              <Button className="primary" onPress={close}>Finish</Button>
            </div>
          </>
        )}
      </Dialog>
    </Modal>
  );
}
