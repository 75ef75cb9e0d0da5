import { Link } from 'react-router';
import { Ban } from 'lucide-react';
import { OWN_POSTS_PATH } from '../../../domain/own-post-values';
import { isSuspended, suspendedUntilSentence } from '../../../domain/suspension';
import { useSession } from '../../lib/session-provider';

/** What a suspended member may still do, under why and until when. */
export const SUSPENDED_CAN =
  'You can still sign in, browse and delete your posts, but you cannot post, edit your posts, comment, message, rate or report until then.';

/**
 * A suspended member sees, on every screen, that they are suspended, until when and why (issue 19).
 * The session says it (GET /api/session); the server refuses their writes all the same.
 */
export function SuspensionNotice() {
  const { actor } = useSession();
  if (!isSuspended(actor.suspension, new Date())) return null;
  const { until, reason } = actor.suspension;
  return (
    <div role="status" className="border-b border-red-200 bg-red-50 text-red-950">
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-3 text-sm sm:px-6">
        <Ban className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />
        <div className="grid gap-0.5">
          <p className="font-semibold">{suspendedUntilSentence(until)}</p>
          <p>Reason: {reason}</p>
          <p className="text-red-900/80">
            {SUSPENDED_CAN}{' '}
            <Link to={OWN_POSTS_PATH} className="font-semibold text-red-950 underline underline-offset-2">
              See your posts
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
