import { useState, type FormEvent } from 'react';
import { LoaderCircle, Send } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { SITE_NAME } from '../../../../domain/pages';
import { useSendInvite } from '../api/send-invite';

/** Spec §4 Invite, §5: an email, Send disabled while it is blank or a send is pending; cleared once sent. */
export function InviteForm({ userId }: { userId: string }) {
  const [email, setEmail] = useState('');
  const send = useSendInvite(userId, SITE_NAME);
  const blank = email.trim() === '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || send.isPending) return;
    send.mutate(email.trim(), { onSuccess: () => setEmail('') });
  };

  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2" noValidate>
      <FormField
        label="Invite a friend by email"
        type="email"
        inputMode="email"
        autoComplete="off"
        placeholder="friend@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        className="flex-1"
      />
      <Button type="submit" className="h-11" disabled={blank || send.isPending} aria-busy={send.isPending}>
        {send.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <Send aria-hidden="true" />
        )}
        Send
      </Button>
    </form>
  );
}
