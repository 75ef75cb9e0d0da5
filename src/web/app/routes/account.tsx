import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { accessLostText, ACCOUNT_MESSAGES, DELETE_ACCOUNT_TEXT, DeleteAccountInput } from '../../../domain/account';
import { VERIFIED_BADGES } from '../../../domain/community-values';
import { EmailCard, MailCard, NameCard, OwnPostsCard } from '../../features/account';
import { ChangePasswordCard } from '../../features/auth';
import { Page } from '../../components/layout/page';
import { BoundField } from '../../components/ui/bound-field';
import { Button } from '../../components/ui/button';
import { PendingButton } from '../../components/ui/pending-button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, serverMessage } from '../../lib/api';
import { expectMove, startAfresh } from '../../lib/fresh-start';
import { useSession } from '../../lib/session-provider';
import { RequireMember } from './require-member';

/**
 * DECISIONS 17: a member takes all their data with them, or closes their account. A guest is sent
 * to sign in first; once the account is deleted the tab goes to the posts as a new document, with
 * a toast that says so (docs/decisions/0113).
 */
export function Account() {
  return (
    <RequireMember>
      <Page title="Your account" description="Your username, email and password, your posts, and what the app keeps of you: take it with you, or close your account.">
        <div className="mt-8 grid max-w-2xl gap-6">
          <ProfileCards />
          <OwnPostsCard />
          <ChangePasswordCard />
          <ExportCard />
          <DeleteCard />
        </div>
      </Page>
    </RequireMember>
  );
}

/** The signed-in member's name, email and mail settings (RequireMember has made sure there is one). */
function ProfileCards() {
  const { user, features } = useSession();
  if (!user) return null;
  return (
    <>
      <NameCard username={user.username} badge={user.verifiedType ? VERIFIED_BADGES[user.verifiedType].label : null} />
      <EmailCard email={user.email} />
      {features.mailsMessages && <MailCard />}
    </>
  );
}

function ExportCard() {
  return (
    <Card className="grid gap-3 p-6">
      <h2 className="text-xl font-semibold">Download your data</h2>
      <p className="text-muted-foreground">
        One file (JSON) with everything kept of you: your account, your posts with their exact spots, favourites,
        comments, messages, ratings, reports, notifications, access, payments and invitations.
      </p>
      <Button asChild variant="outline" className="justify-self-start">
        {/* The server answers it as a file to save (Content-Disposition), with the session's cookie. */}
        <a href="/api/user/export" download>
          <Download aria-hidden="true" />
          Download my data
        </a>
      </Button>
    </Card>
  );
}

function DeleteCard() {
  const { actor } = useSession();
  const lost = accessLostText(actor.grants, new Date());
  const form = useForm({ resolver: zodResolver(DeleteAccountInput), defaultValues: { password: '' } });
  const remove = useMutation({
    mutationFn: (input: DeleteAccountInput) => apiRequest<void>('DELETE', '/api/user/me', input),
    onMutate: () => expectMove(true),
    onSuccess: () => startAfresh('/', { toast: { title: 'Account deleted', description: ACCOUNT_MESSAGES.deleted } }),
    onError: (error) => {
      expectMove(false);
      toast({ variant: 'destructive', title: 'Account not deleted', description: serverMessage(error) ?? 'Please try again' });
    },
  });

  return (
    <Card className="grid gap-3 border-destructive/40 p-6">
      <h2 className="text-xl font-semibold">Delete your account</h2>
      <p className="text-muted-foreground">{DELETE_ACCOUNT_TEXT.body}</p>
      {lost && <p className="font-semibold">{lost}</p>}
      {actor.isAdmin && <p className="text-muted-foreground">{DELETE_ACCOUNT_TEXT.admin}</p>}
      <form onSubmit={form.handleSubmit((values) => remove.mutate(values))} noValidate className="grid gap-4 sm:max-w-sm">
        <BoundField form={form} name="password" label="Your password" type="password" autoComplete="current-password" hint="Asked again so no one else can close your account." />
        <PendingButton pending={remove.isPending} icon={Trash2} className="bg-destructive text-destructive-foreground hover:bg-destructive/90">
          Delete my account
        </PendingButton>
      </form>
    </Card>
  );
}
