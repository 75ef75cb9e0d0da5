import { DeferredOpen } from '../../../components/ui/deferred-open';
import { lazyNamed } from '../../../lib/lazy';
import { cn } from '../../../lib/utils';

const MemberProfileDialog = lazyNamed(() => import('./member-profile-dialog'), 'MemberProfileDialog');

interface MemberLinkProps {
  userId: string;
  /** The name as the place shows it (a post's owner name, a comment's author). */
  name: string;
  className?: string;
}

/**
 * A member's name that opens their profile (spec §2 dialog 4, DECISIONS 19); the dialog's code
 * loads on first use, and focus comes back here when it closes.
 */
export function MemberLink({ userId, name, className }: MemberLinkProps) {
  return (
    <DeferredOpen
      trigger={
        <button
          type="button"
          aria-haspopup="dialog"
          className={cn(
            'max-w-full truncate rounded-sm text-left font-semibold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            className,
          )}
        >
          {name}
        </button>
      }
      preload={MemberProfileDialog.preload}
      render={(trigger) => <MemberProfileDialog userId={userId} name={name} trigger={trigger} />}
    />
  );
}
