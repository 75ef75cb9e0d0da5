import { Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import type { PublicProfile } from '../../../../domain/members';
import { suspendedUntilText } from '../../../../domain/suspension';
import { SuspensionControl } from '../../admin';
import { profileKeys } from '../api/get-profile';

/**
 * What an admin sees on another member's profile (issue 19): whether they are suspended, until when
 * and why, and Suspend or Lift suspension. Nothing for an admin's profile (admins are not suspended).
 */
export function MemberModeration({ profile }: { profile: PublicProfile }) {
  const queryClient = useQueryClient();
  const { moderation } = profile;
  if (!moderation || moderation.isAdmin) return null;
  const { suspension } = moderation;
  return (
    <section aria-label="Moderation" className="grid gap-2 rounded-xl border border-dashed p-4 text-sm">
      <p className="flex items-center gap-1.5 font-semibold">
        <ShieldAlert className="size-4 text-muted-foreground" aria-hidden="true" />
        Moderation (admins only)
      </p>
      {suspension ? (
        <p className="font-medium text-red-800">
          Suspended until {suspendedUntilText(suspension.until === null ? null : new Date(suspension.until))}: {suspension.reason}
        </p>
      ) : (
        <p className="text-muted-foreground">Not suspended.</p>
      )}
      <Suspense fallback={null}>
        <SuspensionControl
          userId={profile.id}
          username={profile.username}
          suspended={suspension !== null}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: profileKeys.profile(profile.id) })}
        />
      </Suspense>
    </section>
  );
}
