import type { VerifiedType } from '../../../../domain/auth';
import { Tooltip } from '../../../components/ui/tooltip';
import { badgeNote } from '../trust-text';
import { VerifiedBadge } from './verified-badge';

/**
 * The profile's badge: hover, focus or a tap shows what was checked, when, and that it is no endorsement.
 * (A card shows the note on hover only, without the tooltip's code on the first screen: 0040.)
 */
export function ExplainedBadge({ type, verifiedAt }: { type: VerifiedType; verifiedAt: string | null }) {
  return (
    // Below the badge: above, it covered the member's name and avatar (0148).
    <Tooltip content={badgeNote(type, verifiedAt)} side="bottom">
      <button
        type="button"
        className="justify-self-start rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <VerifiedBadge type={type} />
      </button>
    </Tooltip>
  );
}
