import { useEffect, useId, useRef } from 'react';
import { POST_TYPE_TABS } from '../../../../domain/post-values';
import type { Post } from '../../../../domain/posts';
import { Button } from '../../../components/ui/button';
import { MemberLink, OwnerTrust } from '../../members';

interface PostPopupProps {
  post: Post;
  onViewDetails: () => void;
  /** Escape: closes the popup and gives focus back to its pin. */
  onClose: () => void;
}

/**
 * Spec §2 marker popup: title, type, description, address, contact, quantity, season notes, owner
 * (opening their profile, with their rating and badge), 'View Details'. It takes focus when it
 * opens (from a click or Enter on the pin), so a keyboard reaches View Details with one Tab, and
 * Escape closes it.
 */
export function PostPopup({ post, onViewDetails, onClose }: PostPopupProps) {
  const ref = useRef<HTMLDivElement>(null);
  const headingId = useId();
  useEffect(() => ref.current?.focus({ preventScroll: true }), []);
  const rows = [
    ['Address', post.address],
    ['Contact', post.contact ?? post.phoneNumber],
    ['Quantity', post.quantity],
    ['Season', post.seasonalNotes],
  ].filter((row): row is [string, string] => Boolean(row[1]));
  return (
    <div
      ref={ref}
      role="group"
      aria-labelledby={headingId}
      tabIndex={-1}
      // Clicks in here are the popup's. One that replaces its target (the owner's name, loading the
      // profile) would otherwise reach the map as a click on the map, which closes the popup.
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        // A dialog opened from here (the owner's profile) is portalled elsewhere: its Escape is its own.
        if (e.key !== 'Escape' || !e.currentTarget.contains(e.target as Node)) return;
        e.stopPropagation();
        onClose();
      }}
      className="grid w-56 gap-2 font-sans text-foreground outline-none wrap-anywhere"
    >
      <div>
        <p className="text-xs font-semibold tracking-wide text-primary uppercase">
          {POST_TYPE_TABS[post.type]}
        </p>
        <h3 id={headingId} className="text-base leading-snug font-bold">
          {post.title}
        </h3>
      </div>
      <p className="line-clamp-3 text-sm">{post.description}</p>
      <dl className="grid gap-0.5 text-xs">
        {rows.map(([term, value]) => (
          <div key={term} className="flex gap-1">
            <dt className="shrink-0 font-semibold text-muted-foreground">{term}:</dt>
            <dd className="min-w-0">{value}</dd>
          </div>
        ))}
        {post.ownerName && (
          <div className="flex flex-wrap items-center gap-1">
            <dt className="shrink-0 font-semibold text-muted-foreground">Shared by:</dt>
            <dd className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
              {post.userId ? <MemberLink userId={post.userId} name={post.ownerName} /> : post.ownerName}
              <OwnerTrust rating={post.ownerRating} ratingCount={post.ownerRatingCount} verifiedType={post.ownerVerifiedType} verifiedAt={post.ownerVerifiedAt} />
            </dd>
          </div>
        )}
      </dl>
      <Button size="sm" onClick={onViewDetails}>
        View Details
      </Button>
    </div>
  );
}
