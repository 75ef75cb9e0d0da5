import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '../../../../domain/limits';
import { RegisterInput } from '../../../../domain/auth';
import { serverMessage } from '../../../lib/api';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/use-toast';
import { useRegister } from '../api/register';
import { SubmitButton } from './submit-button';

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const registerUser = useRegister();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(RegisterInput),
    defaultValues: { username: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    registerUser.mutate(values, {
      onSuccess: () => {
        toast({ title: `Your account has been created with a ${LIMITS.trialDays}-day free trial.` });
        onRegistered();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Registration failed',
          description: serverMessage(error) ?? 'Please try again',
        }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Username" autoComplete="username" error={errors.username?.message} {...register('username')} />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <SubmitButton pending={registerUser.isPending}>Start Free Trial</SubmitButton>
    </form>
  );
}
