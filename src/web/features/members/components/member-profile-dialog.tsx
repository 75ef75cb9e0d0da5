import type { ReactElement } from 'react';
import { RATING_MESSAGES } from '../../../../domain/members';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
  focusDialogItself,
} from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api';
import { useProfile } from '../api/get-profile';
import { MemberActions } from './member-actions';
import { ProfileHeader } from './profile-header';
import { ReviewsList } from './reviews-list';

interface MemberProfileDialogProps {
  userId: string;
  name: string;
  /** The control that opened it (focus returns there); none when a link opened it (`/?member=ID`). */
  trigger?: ReactElement;
  /** Called once it is closed. */
  onClose?: () => void;
}

/**
 * Spec §2 dialog 4, 80vh tall: who the member is and how neighbours rated them, the rating form
 * (DECISIONS 20) and blocking (DECISIONS 21). Asked only while open.
 */
export function MemberProfileDialog({ userId, name, trigger, onClose }: MemberProfileDialogProps) {
  return (
    <Dialog defaultOpen onOpenChange={(open) => !open && onClose?.()}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      {/* Focus on the dialog: its first control may be the badge, whose tooltip would open at once. */}
      <DialogContent className="h-[80vh] content-start gap-5 sm:max-w-lg" onOpenAutoFocus={focusDialogItself}>
        <DialogDescription className="-mb-4 text-xs font-semibold tracking-wide text-primary uppercase">
          Community Member Profile
        </DialogDescription>
        <ProfileBody userId={userId} name={name} />
      </DialogContent>
    </Dialog>
  );
}

function ProfileBody({ userId, name }: { userId: string; name: string }) {
  const profile = useProfile(userId);
  if (profile.isPending) {
    return (
      <div className="flex items-start gap-4" role="status" aria-label="Loading profile">
        <Skeleton className="size-16 rounded-full" />
        <div className="grid flex-1 gap-2">
          <DialogTitle>{name}</DialogTitle>
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-28" />
        </div>
      </div>
    );
  }
  if (profile.isError) {
    return (
      <div className="grid gap-3">
        <DialogTitle>{name}</DialogTitle>
        <p className="text-sm">
          {isApiError(profile.error, 404) ? RATING_MESSAGES.notFound : 'Could not load this profile. Check your connection and try again.'}
        </p>
        <Button variant="outline" className="justify-self-start" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <>
      <ProfileHeader profile={profile.data} />
      <MemberActions profile={profile.data} />
      <ReviewsList userId={userId} />
    </>
  );
}
