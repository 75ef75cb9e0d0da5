import { ratingText, reviewsLabel, type PublicProfile } from '../../../../domain/members';
import { DialogTitle } from '../../../components/ui/dialog';
import { OwnerAvatar } from '../../posts';
import { memberSinceText, starsLabel } from '../trust-text';
import { Stars } from './stars';
import { ExplainedBadge } from './explained-badge';

/**
 * Avatar, name, the average as stars with '(x/5)' ('Not rated yet' without ratings: empty stars
 * and '(0/5)' read as a bad rating, 0127), 'N reviews', the badge and 'Member since …'.
 */
export function ProfileHeader({ profile }: { profile: PublicProfile }) {
  const { username, initials, averageRating, ratingCount, verifiedType, verifiedAt, memberSince } = profile;
  return (
    <div className="flex items-start gap-4 pr-6">
      <OwnerAvatar name={username} initials={initials} className="size-16 text-lg" />
      <div className="grid min-w-0 gap-1.5">
        <DialogTitle className="leading-snug">{username}</DialogTitle>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          {averageRating === null ? (
            <span className="font-semibold">{starsLabel(null)}</span>
          ) : (
            <>
              <Stars average={averageRating} label={starsLabel(averageRating)} className="text-lg" />
              <span className="font-semibold">{ratingText(averageRating)}</span>
            </>
          )}
          <span className="text-muted-foreground">{reviewsLabel(ratingCount)}</span>
        </p>
        {verifiedType && <ExplainedBadge type={verifiedType} verifiedAt={verifiedAt} />}
        <p className="text-xs text-muted-foreground">{memberSinceText(memberSince)}</p>
      </div>
    </div>
  );
}
