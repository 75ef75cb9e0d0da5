import { useState, type FormEvent } from 'react';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { OWNER_ACCESS } from '../../../../domain/access';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/use-toast';
import { ownerFailure, useVerifyOwner } from '../api/grant-access';

/**
 * Spec §2 dialog 9, Owner: the owner password (DECISIONS 4); Verify is disabled while the field is
 * empty, Enter submits. Without OWNER_PASSWORD_HASH the tab says owner access is not set up.
 */
export function OwnerTab({ enabled, onGranted }: { enabled: boolean; onGranted: () => void }) {
  const [password, setPassword] = useState('');
  const verify = useVerifyOwner();
  if (!enabled)
    return (
      <p className="flex items-start gap-2 rounded-lg bg-muted px-3 py-2.5 text-sm text-muted-foreground">
        <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {OWNER_ACCESS.notConfigured}
      </p>
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password || verify.isPending) return;
    verify.mutate(password, {
      onSuccess: () => {
        toast({ title: OWNER_ACCESS.granted });
        onGranted();
      },
      onError: (error) => toast({ variant: 'destructive', ...ownerFailure(error) }),
    });
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-3" noValidate>
      <p className="text-sm text-muted-foreground">
        The site's owner posts without limit with the owner password.
      </p>
      <FormField
        label="Owner password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" disabled={!password || verify.isPending} aria-busy={verify.isPending}>
        {verify.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <KeyRound aria-hidden="true" />
        )}
        Verify Owner Access
      </Button>
    </form>
  );
}
