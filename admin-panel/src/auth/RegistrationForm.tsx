/**
 * What both registration forms share (the first Super Admin's, an invited admin's): the frame,
 * the failure, and the end of the form (the first Super Admin's, an invited admin's): Password and
 * Confirm Password under the server's rule, the failure, and "Let's start".
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Form } from 'react-aria-components';
import type { Control } from 'react-hook-form';
import { FormTextField } from '../ui/FormTextField';
import { ErrorMessage } from '../ui/ErrorMessage';
import { checkPassword } from './password-rule';

export interface NewPassword {
  password: string;
  confirmPassword: string;
}

export function NewPasswordFields<T extends NewPassword>({ control, failure, submitting }: { control: Control<T>; failure: unknown; submitting: boolean }) {
  // the form's own values include these two: seen through the shape they share
  const shared = control as unknown as Control<NewPassword>;
  return (
    <>
      <FormTextField control={shared} name="password" label="Password" type="password" autoComplete="new-password" rules={{ required: 'Password is required', validate: checkPassword }} />
      <FormTextField
        control={shared}
        name="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        rules={{ required: 'Confirm the password', validate: (value, values) => value === values.password || 'Passwords do not match' }}
      />
      <ErrorMessage error={failure} />
      <Button type="submit" className="primary" isDisabled={submitting}>
        Let's start
      </Button>
    </>
  );
}

/** a registration form's frame: the card, its title and its submit */
export function RegistrationCard({ onSubmit, children }: { onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>; children: ReactNode }) {
  return (
    <main className="auth-page">
      <Form className="auth-card" onSubmit={(event) => void onSubmit(event)} validationBehavior="aria">
        <h1>Welcome to Vellum!</h1>
        {children}
      </Form>
    </main>
  );
}

/** runs a registration, keeping its failure for the form to show */
export function useAttempt(): { failure: unknown; attempt: (work: () => Promise<void>) => Promise<void> } {
  const [failure, setFailure] = useState<unknown>(null);
  return {
    failure,
    async attempt(work) {
      setFailure(null);
      try {
        await work();
      } catch (error) {
        setFailure(error);
      }
    },
  };
}
