/** First run: the registration form for the first Super Admin (shown while `GET /admin/init` says hasAdmin: false). */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Form } from 'react-aria-components';
import { FormTextField } from '../ui/FormTextField';
import { ErrorMessage } from '../ui/ErrorMessage';
import { checkPassword } from './password-rule';
import { useSession } from './session';

interface Values {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function RegisterAdminPage() {
  const session = useSession();
  const [failure, setFailure] = useState<unknown>(null);
  const { control, handleSubmit, formState } = useForm<Values>({
    defaultValues: { firstname: '', lastname: '', email: '', password: '', confirmPassword: '' },
  });
  const submit = handleSubmit(async ({ confirmPassword: _confirm, ...registration }) => {
    setFailure(null);
    try {
      await session.registerAdmin(registration);
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <main className="auth-page">
      <Form className="auth-card" onSubmit={(event) => void submit(event)} validationBehavior="aria">
        <h1>Welcome to Vellum!</h1>
        <p>Create the first administrator account: it can do everything, and invite the others.</p>
        <FormTextField control={control} name="firstname" label="First name" autoComplete="given-name" rules={{ required: 'First name is required' }} />
        <FormTextField control={control} name="lastname" label="Last name" autoComplete="family-name" />
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          rules={{ required: 'Email is required', pattern: { value: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'Email is invalid' } }}
        />
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
      </Form>
    </main>
  );
}
