import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterInput } from '../../../../domain/auth';
import { BoundField } from '../../../components/ui/bound-field';
import { useRegister } from '../api/register';
import { AUTH_FIELDS, useAuthSubmit } from './auth-form';
import { NEW_PASSWORD_FIELD } from './password-forms';
import { registeredToast } from './registered-toast';
import { SubmitButton } from './submit-button';

/** `to`: where the new member goes once registered (the redirect); `submitLabel`: the button's words. */
export function RegisterForm({ to, submitLabel }: { to: string; submitLabel: string }) {
  const registerUser = useRegister();
  const form = useForm({
    resolver: zodResolver(RegisterInput),
    defaultValues: { username: '', email: '', password: '' },
  });
  const submit = useAuthSubmit(
    registerUser,
    {
      success: registeredToast,
      failure: 'Registration failed',
    },
    to,
    // An address already in use is the usual failure: it is there to change.
    () => form.setFocus('email', { shouldSelect: true }),
  );

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4">
      <BoundField form={form} name="username" label="Username" autoComplete="username" />
      <BoundField form={form} name="email" {...AUTH_FIELDS.email} />
      <BoundField form={form} name="password" label={AUTH_FIELDS.password.label} {...NEW_PASSWORD_FIELD} />
      <SubmitButton pending={registerUser.isPending}>{submitLabel}</SubmitButton>
    </form>
  );
}
