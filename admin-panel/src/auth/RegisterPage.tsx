/**
 * An invited admin's registration (`/auth/register?registrationToken=…`, the link the Users page
 * shows): the invitation's email and names come from `GET /admin/registration-info`; the user
 * chooses a password and is signed in (`POST /admin/register`). A used or unknown token says so.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { adminPath, apiRequest } from '../api/client';
import { FormTextField } from '../ui/FormTextField';
import { ErrorMessage } from '../ui/ErrorMessage';
import { checkPassword } from './password-rule';
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
  const [failure, setFailure] = useState<unknown>(null);
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
  const submit = handleSubmit(async ({ confirmPassword: _confirm, ...userInfo }) => {
    setFailure(null);
    try {
      await session.register(token, userInfo);
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <main className="auth-page">
      <Form className="auth-card" onSubmit={(event) => void submit(event)} validationBehavior="aria">
        <h1>Welcome to Vellum!</h1>
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
            <FormTextField control={control} name="password" label="Password" type="password" autoComplete="new-password" rules={{ required: 'Password is required', validate: checkPassword }} />
            <FormTextField
              control={control}
              name="confirmPassword"
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              rules={{ required: 'Confirm the password', validate: (value, values) => value === values.password || 'Passwords do not match' }}
            />
            <ErrorMessage error={failure} />
            <Button type="submit" className="primary" isDisabled={formState.isSubmitting}>
              Let's start
            </Button>
          </>
        ) : null}
      </Form>
    </main>
  );
}
