import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { ChangeEmailInput } from '../../../../domain/account';
import type { PublicUser } from '../../../../domain/auth';
import { BoundField } from '../../../components/ui/bound-field';
import { PendingButton } from '../../../components/ui/pending-button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, isApiError, serverMessage } from '../../../lib/api';
import { signedIn } from '../../../lib/session';

/**
 * The email the member signs in with (PUT /api/user/email, docs/decisions/0136), with the
 * password asked again; the old address is told by mail when this server mails.
 */
export function EmailCard({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(ChangeEmailInput), defaultValues: { email: '', password: '' } });
  const change = useMutation({
    mutationFn: (input: ChangeEmailInput) => apiRequest<PublicUser>('PUT', '/api/user/email', input),
    onSuccess: async (user) => {
      form.reset();
      toast({ title: 'Email changed', description: `Sign in with ${user.email} from now on.` });
      await signedIn(queryClient, user);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Email not changed', description: serverMessage(error) ?? 'Please try again' });
      // A wrong password is the usual failure; an address in use is the other.
      form.setFocus(isApiError(error, 401) ? 'password' : 'email', { shouldSelect: true });
    },
  });

  return (
    <Card className="grid gap-3 p-6">
      <h2 className="text-xl font-semibold">Your email</h2>
      <p className="text-muted-foreground">
        You sign in with <span className="font-medium text-foreground break-all">{email}</span>. Neighbours never see it.
      </p>
      <form onSubmit={form.handleSubmit((values) => change.mutate(values))} noValidate className="grid gap-4 sm:max-w-sm">
        <BoundField form={form} name="email" label="New email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" />
        <BoundField form={form} name="password" label="Your password, to confirm" type="password" autoComplete="current-password" />
        <PendingButton pending={change.isPending} icon={Mail}>
          Change email
        </PendingButton>
      </form>
    </Card>
  );
}
