import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { BADGE_WITH_NAME, RenameInput, renamedText, type RenameResult } from '../../../../domain/account';
import { BoundField } from '../../../components/ui/bound-field';
import { PendingButton } from '../../../components/ui/pending-button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, serverMessage } from '../../../lib/api';
import { sessionKeys } from '../../../lib/session';

/**
 * The name neighbours see (PATCH /api/user/me, docs/decisions/0136); the session is asked again once
 * saved. A verified member is told first that a new name goes without their badge (0146).
 */
export function NameCard({ username, badge }: { username: string; badge: string | null }) {
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(RenameInput), defaultValues: { username } });
  // The saved name, once the session answers it, is the form's new starting point.
  useEffect(() => form.reset({ username }), [form, username]);
  const rename = useMutation({
    mutationFn: (input: RenameInput) => apiRequest<RenameResult>('PATCH', '/api/user/me', input),
    onSuccess: async ({ username: saved, badgeDropped }) => {
      toast({ title: 'Username saved', description: badgeDropped ? `${renamedText(saved)} ${BADGE_WITH_NAME.dropped}` : renamedText(saved) });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Username not saved', description: serverMessage(error) ?? 'Please try again' });
      form.setFocus('username', { shouldSelect: true });
    },
  });

  return (
    <Card className="grid gap-3 p-6">
      <h2 className="text-xl font-semibold">Your username</h2>
      <p className="text-muted-foreground">
        Neighbours see it on your profile, your comments and your messages. Each post keeps the name it was shared with.
      </p>
      {badge && <p className="text-sm font-medium text-amber-800">{BADGE_WITH_NAME.warning(badge)}</p>}
      <form onSubmit={form.handleSubmit((values) => rename.mutate(values))} noValidate className="grid gap-4 sm:max-w-sm">
        <BoundField form={form} name="username" label="Username" autoComplete="nickname" />
        <PendingButton pending={rename.isPending} icon={UserRound}>
          Save username
        </PendingButton>
      </form>
    </Card>
  );
}
