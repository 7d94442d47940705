/** First run: the registration form for the first Super Admin (shown while `GET /admin/init` says hasAdmin: false). */
import { useForm } from 'react-hook-form';
import { FormTextField } from '../ui/FormTextField';
import { NewPasswordFields, RegistrationCard, useAttempt } from './RegistrationForm';
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
  const { failure, attempt } = useAttempt();
  const { control, handleSubmit, formState } = useForm<Values>({
    defaultValues: { firstname: '', lastname: '', email: '', password: '', confirmPassword: '' },
  });
  const submit = handleSubmit(({ confirmPassword: _confirm, ...registration }) => attempt(() => session.registerAdmin(registration)));
  return (
    <RegistrationCard onSubmit={submit}>
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
        <NewPasswordFields control={control} failure={failure} submitting={formState.isSubmitting} />
    </RegistrationCard>
  );
}
