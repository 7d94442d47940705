/**
 * An invited admin's registration (`/auth/register?registrationToken=…`, the link the Users page
 * shows): the invitation's email and names come from `GET /admin/registration-info`; the user
 * chooses a password and is signed in (`POST /admin/register`). A used or unknown token says so.
 */
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Input, Label, TextField } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { adminPath, apiRequest } from '../api/client';
import { FormTextField } from '../ui/FormTextField';
import { ErrorMessage } from '../ui/ErrorMessage';
import { NewPasswordFields, RegistrationCard, useAttempt } from './RegistrationForm';
import { useSession } from './session';

interface Values {
  firstname: string;
  lastname: string;
  password: string;
  confirmPassword: string;
}

interface RegistrationInfo {
  readonly email: string;
  readonly firstname: string | null;
  readonly lastname: string | null;
}

export function RegisterPage() {
  const [params] = useSearchParams();
  const token = params.get('registrationToken') ?? '';
  const session = useSession();
  const { failure, attempt } = useAttempt();
  const info = useQuery({
    queryKey: ['admin', 'registration-info', token],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: RegistrationInfo }>(adminPath('/registration-info'), { anonymous: true, signal, query: new URLSearchParams({ registrationToken: token }) })).data,
    retry: false,
    enabled: token !== '',
  });
  const { control, handleSubmit, formState, reset } = useForm<Values>({ defaultValues: { firstname: '', lastname: '', password: '', confirmPassword: '' } });
  useEffect(() => {
    if (info.data) reset({ firstname: info.data.firstname ?? '', lastname: info.data.lastname ?? '', password: '', confirmPassword: '' });
  }, [info.data, reset]);
  const submit = handleSubmit(({ confirmPassword: _confirm, ...userInfo }) => attempt(() => session.register(token, userInfo)));
  return (
    <RegistrationCard onSubmit={submit}>
        {token === '' ? <p role="alert" className="error">This registration link has no token.</p> : null}
        <ErrorMessage error={info.error} />
        {info.data ? (
          <>
            <p>You were invited to the admin panel: choose your password.</p>
            <TextField className="field" value={info.data.email} isReadOnly>
              <Label>Email</Label>
              <Input />
            </TextField>
            <FormTextField control={control} name="firstname" label="First name" autoComplete="given-name" rules={{ required: 'First name is required' }} />
            <FormTextField control={control} name="lastname" label="Last name" autoComplete="family-name" />
            <NewPasswordFields control={control} failure={failure} submitting={formState.isSubmitting} />
          </>
        ) : null}
    </RegistrationCard>
  );
}
