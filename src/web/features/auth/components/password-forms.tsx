import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '../../../../domain/limits';
import { Link } from 'react-router';
import { PASSWORD_MESSAGES, PasswordResetInput, PasswordResetRequest } from '../../../../domain/passwords';
import { BoundField } from '../../../components/ui/bound-field';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api';
import { useRequestReset, useResetPassword } from '../api/passwords';
import { AUTH_FIELDS, useAuthSubmit } from './auth-form';
import { SubmitButton } from './submit-button';

/** The new password's field, as registering asks for one. */
export const NEW_PASSWORD_FIELD = {
  type: 'password',
  autoComplete: 'new-password',
  hint: `At least ${LIMITS.passwordMin} characters.`,
} as const;

/**
 * /forgot-password: the address to mail a link to. The answer is the same whether an account uses
 * it or not, and replaces the form; the focus moves to it, so a screen reader says it.
 */
export function ForgotPasswordForm() {
  const request = useRequestReset();
  const form = useForm({ resolver: zodResolver(PasswordResetRequest), defaultValues: { email: '' } });
  const sent = useRef<HTMLParagraphElement>(null);
  useEffect(() => sent.current?.focus(), [request.isSuccess]);

  if (request.isSuccess)
    return (
      <p ref={sent} tabIndex={-1} className="rounded-md bg-muted p-4 text-sm outline-none">
        {request.data.message}
      </p>
    );
  return (
    <form
      onSubmit={form.handleSubmit((values) =>
        request.mutate(values, {
          onError: (error) => {
            toast({
              variant: 'destructive',
              title: 'Link not sent',
              description: serverMessage(error) ?? 'Please try again',
            });
            form.setFocus('email', { shouldSelect: true });
          },
        }),
      )}
      noValidate
      className="grid gap-4"
    >
      <BoundField form={form} name="email" {...AUTH_FIELDS.email} />
      <SubmitButton pending={request.isPending}>Email me a link</SubmitButton>
    </form>
  );
}

/** /reset-password: the new password for the link's `token`; once set, the member is signed in and goes home. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const form = useForm({ resolver: zodResolver(PasswordResetInput), defaultValues: { token, password: '' } });
  const submit = useAuthSubmit(
    reset,
    {
      success: { title: 'Password changed', description: 'Your new password is set, and you are signed in.' },
      failure: 'Password not changed',
    },
    '/',
    () => form.setFocus('password', { shouldSelect: true }),
  );
  const tokenError = form.formState.errors.token?.message;
  // A link past its hour or used already: the form can do nothing more, the way on is a new link.
  const spent = reset.isError && serverMessage(reset.error) === PASSWORD_MESSAGES.linkBad;
  const askAgain = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (spent) askAgain.current?.focus();
  }, [spent]);

  if (spent)
    return (
      <div className="grid gap-4">
        <p role="alert" className="rounded-md bg-muted p-4 text-sm">
          {PASSWORD_MESSAGES.linkBad}
        </p>
        <Button asChild size="lg" className="w-full">
          <Link ref={askAgain} to="/forgot-password">
            Ask for a new link
          </Link>
        </Button>
      </div>
    );
  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4">
      {tokenError && (
        <p role="alert" className="text-sm text-destructive">
          {tokenError}
        </p>
      )}
      <BoundField form={form} name="password" label="New password" {...NEW_PASSWORD_FIELD} />
      <SubmitButton pending={reset.isPending}>Set new password</SubmitButton>
    </form>
  );
}
