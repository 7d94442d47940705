/** The login form; on success the page the user came for (or the home page). */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Form } from 'react-aria-components';
import { FormTextField } from '../ui/FormTextField';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useSession } from './session';

interface Values {
  email: string;
  password: string;
}

export function LoginPage() {
  const session = useSession();
  const [failure, setFailure] = useState<unknown>(null);
  const { control, handleSubmit, formState } = useForm<Values>({ defaultValues: { email: '', password: '' } });
  const submit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      await session.login(email, password);
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <main className="auth-page">
      <Form className="auth-card" onSubmit={(event) => void submit(event)} validationBehavior="aria">
        <h1>Welcome back!</h1>
        <p>Log in to your Vellum account.</p>
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" rules={{ required: 'Email is required' }} />
        <FormTextField control={control} name="password" label="Password" type="password" autoComplete="current-password" rules={{ required: 'Password is required' }} />
        <ErrorMessage error={failure} />
        <Button type="submit" className="primary" isDisabled={formState.isSubmitting}>
          Login
        </Button>
      </Form>
    </main>
  );
}
