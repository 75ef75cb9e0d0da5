import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MailX } from 'lucide-react';
import { MAIL_STOP_API, MAIL_STOP_MESSAGES, type MailStopQuery, type Preferences } from '../../../../domain/account';
import { PendingButton } from '../../../components/ui/pending-button';
import { apiRequest, serverMessage } from '../../../lib/api';
import { preferencesKey } from './mail-card';

/**
 * The page of a message mail's stop link (docs/decisions/0138): it asks before it turns mail off,
 * so a program that opens every link of a mail changes nothing. `link` is null when the link's
 * query is not one (cut short in a mail program).
 */
export function MailStopForm({ link }: { link: MailStopQuery | null }) {
  const queryClient = useQueryClient();
  // The answer takes the button's place, and the focus with it, so a screen reader says it.
  const done = useRef<HTMLParagraphElement>(null);
  const stop = useMutation({
    mutationFn: (query: MailStopQuery) => apiRequest<Preferences>('POST', `${MAIL_STOP_API}?${new URLSearchParams(query).toString()}`),
    // The account page, opened in this browser before, shows what the link set (when it was this member's).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preferencesKey }),
  });
  useEffect(() => done.current?.focus(), [stop.isSuccess]);

  if (!link) return <Alert>{MAIL_STOP_MESSAGES.invalid}</Alert>;
  if (stop.isSuccess) {
    return (
      <p ref={done} tabIndex={-1} role="status" className="rounded-md bg-muted p-4 text-sm outline-none">
        {MAIL_STOP_MESSAGES.stopped}
      </p>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    stop.mutate(link);
  };
  return (
    <form onSubmit={submit} className="grid gap-3">
      {stop.isError && <Alert>{serverMessage(stop.error) ?? 'Message mail could not be turned off. Please try again.'}</Alert>}
      <PendingButton pending={stop.isPending} icon={MailX}>
        Stop message mail
      </PendingButton>
    </form>
  );
}

function Alert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md bg-muted p-4 text-sm">
      {children}
    </p>
  );
}
