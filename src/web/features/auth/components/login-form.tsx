import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginInput } from '../../../../domain/auth';
import { BoundField } from '../../../components/ui/bound-field';
import { useLogin } from '../api/login';
import { AUTH_FIELDS, useAuthSubmit } from './auth-form';
import { SubmitButton } from './submit-button';

/** `to`: where the member goes once signed in (the redirect). */
export function LoginForm({ to }: { to: string }) {
  const login = useLogin();
  const form = useForm({ resolver: zodResolver(LoginInput), defaultValues: { email: '', password: '' } });
  // A wrong password is the usual failure: it is there to type again.
  const submit = useAuthSubmit(login, { success: 'Welcome back!', failure: 'Login failed' }, to, () =>
    form.setFocus('password', { shouldSelect: true }),
  );

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4">
      <BoundField form={form} name="email" {...AUTH_FIELDS.email} />
      <BoundField form={form} name="password" {...AUTH_FIELDS.password} autoComplete="current-password" />
      <SubmitButton pending={login.isPending}>Sign In</SubmitButton>
    </form>
  );
}
