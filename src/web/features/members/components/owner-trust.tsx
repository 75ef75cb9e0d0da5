import type { VerifiedType } from '../../../../domain/auth';
import { badgeNote, ownerRatingText } from '../trust-text';
import { VerifiedBadge } from './verified-badge';

interface OwnerTrustProps {
  rating: number | null;
  ratingCount: number;
  verifiedType: VerifiedType | null;
  /** When the badge was given: its note says so. */
  verifiedAt: string | null;
}

/**
 * A card's line of trust beside the owner's name (spec §2 Post card): '★ 4.6 (12)' and the badge,
 * whose note shows on hover; the profile, one tap away, explains it on focus and tap too.
 */
export function OwnerTrust({ rating, ratingCount, verifiedType, verifiedAt }: OwnerTrustProps) {
  const text = ownerRatingText(rating, ratingCount);
  if (!text && !verifiedType) return null;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      {text && (
        <span className="font-semibold text-amber-800">
          <span aria-hidden="true">{text.short}</span>
          <span className="sr-only">{text.spoken}</span>
        </span>
      )}
      {verifiedType && <VerifiedBadge type={verifiedType} title={badgeNote(verifiedType, verifiedAt)} />}
    </span>
  );
}
