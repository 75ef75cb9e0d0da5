import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Preferences } from '../../../../domain/account';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, serverMessage } from '../../../lib/api';

export const preferencesKey = ['/api/user/preferences'] as const;

/**
 * What the member is mailed (docs/decisions/0137), on a server that mails: a new message, the
 * first unread of a conversation. The box saves as it is ticked, and says so.
 */
export function MailCard() {
  const id = useId();
  const queryClient = useQueryClient();
  const preferences = useQuery({ queryKey: preferencesKey, queryFn: () => apiRequest<Preferences>('GET', '/api/user/preferences') });
  // The box shows what was ticked at once, in the same render as the click (a controlled box would
  // otherwise spring back until the request's state arrives), and the saved value once answered.
  const [ticked, setTicked] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (input: Preferences) => apiRequest<Preferences>('PUT', '/api/user/preferences', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesKey, saved);
      toast({ title: 'Saved', description: saved.mailMessages ? 'New messages are mailed to you.' : 'New messages are no longer mailed to you.' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Not saved', description: serverMessage(error) ?? 'Please try again' }),
    onSettled: () => setTicked(null),
  });
  const checked = ticked ?? preferences.data?.mailMessages;

  return (
    <Card className="grid gap-3 p-6">
      <h2 className="text-xl font-semibold">Mail</h2>
      {preferences.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Your mail settings could not be loaded. Please try again later.
        </p>
      ) : checked === undefined ? (
        <Skeleton role="status" aria-label="Loading your mail settings" className="h-12" />
      ) : (
        <div className="flex items-start gap-2.5 rounded-lg bg-muted p-3">
          <Checkbox
            id={id}
            checked={checked}
            disabled={save.isPending}
            onChange={(e) => {
              setTicked(e.target.checked);
              save.mutate({ mailMessages: e.target.checked });
            }}
            aria-describedby={`${id}-hint`}
            className="mt-0.5"
          />
          <div className="grid gap-0.5">
            <Label htmlFor={id}>Mail me when a neighbour writes to me</Label>
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              One mail for the first message of a conversation; the next ones wait until you have read it. Your inbox
              and notifications show every message either way.
            </p>
          </div>
        </div>
      )}
    </Card>
  );
}
