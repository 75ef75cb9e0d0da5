import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { ChangePasswordInput } from '../../../../domain/passwords';
import { BoundField } from '../../../components/ui/bound-field';
import { PendingButton } from '../../../components/ui/pending-button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { isApiError, serverMessage } from '../../../lib/api';
import { countOf } from '../../../lib/count';
import { useChangePassword } from '../api/passwords';
import { NEW_PASSWORD_FIELD } from './password-forms';

/** What a change did to the member's other browsers, for the toast. */
export const signedOutText = (others: number) =>
  others === 0
    ? 'You were not signed in anywhere else.'
    : `${countOf(others, 'other browser')} ${others === 1 ? 'was' : 'were'} signed out.`;

/** The account page's password change (docs/decisions/0135): the current password asked again, then the new one. */
export function ChangePasswordCard() {
  const change = useChangePassword();
  const form = useForm({
    resolver: zodResolver(ChangePasswordInput),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: ({ otherSessionsEnded }) => {
        form.reset();
        toast({ title: 'Password changed', description: signedOutText(otherSessionsEnded) });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Password not changed',
          description: serverMessage(error) ?? 'Please try again',
        });
        // A wrong current password is the usual failure: it is there to type again.
        form.setFocus(isApiError(error, 401) ? 'currentPassword' : 'newPassword', { shouldSelect: true });
      },
    }),
  );

  return (
    <Card className="grid gap-3 p-6">
      <h2 className="text-xl font-semibold">Change your password</h2>
      <p className="text-muted-foreground">
        Every other browser where you are signed in is signed out; this one stays signed in.
      </p>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:max-w-sm">
        <BoundField
          form={form}
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <BoundField form={form} name="newPassword" label="New password" {...NEW_PASSWORD_FIELD} />
        <PendingButton pending={change.isPending} icon={KeyRound}>
          Change password
        </PendingButton>
      </form>
    </Card>
  );
}
