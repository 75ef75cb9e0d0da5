import { useId, useRef } from 'react';
import { Lock, MapPin, Navigation } from 'lucide-react';
import { POST_TYPE_TABS, REGION_LABELS } from '../../../../domain/post-values';
import { canContactOwner, canEditPost, canManagePost } from '../../../../domain/policy';
import { distanceText } from '../../../../domain/geo';
import type { Post } from '../../../../domain/posts';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { useSession } from '../../../lib/session-provider';
import { trackView } from '../../../lib/tracking/tracker';
import { useSeen } from '../../../lib/tracking/use-seen';
import { cn } from '../../../lib/utils';
import type { OpenedComments } from '../../comments';
import { FavoriteButton } from './favorite-button';
import { AccessButtons } from './list-states';
import { PostActions, PostContact, PostImage, PostOwner, PostStatus } from './post-card-parts';
import { PostDescription } from './post-description';

interface PostCardProps {
  post: Post;
  /** The post's own dialog: its whole description, not a card's first lines. */
  full?: boolean;
  /** Its comments open over it (the post's dialog, from a 'New Comment' notification). */
  openedComments?: OpenedComments;
  /** The heading level of the title in the page's outline. */
  headingLevel?: 'h2' | 'h3';
  className?: string;
}

/** Every element of spec §2 Post card; past a guest's daily previews, the locked card. */
export function PostCard({ post, headingLevel = 'h3', className, ...open }: PostCardProps) {
  return post.locked ? (
    <LockedPostCard post={post} headingLevel={headingLevel} className={className} />
  ) : (
    <OpenPostCard post={post} headingLevel={headingLevel} className={className} {...open} />
  );
}

/**
 * The photo's 4:3 frame (0146). Clipped, it keeps that height whatever the photo: a portrait one
 * grew an unclipped frame to the photo's own height in the card's column (0149).
 */
const PHOTO_FRAME = 'relative aspect-[4/3] overflow-hidden bg-muted';

/**
 * A post past the guest's daily free previews (DECISIONS 29): what it is and where, roughly, with
 * the access offer instead of its details.
 */
function LockedPostCard({ post, headingLevel: Heading = 'h3', className }: PostCardProps) {
  const titleId = useId();
  return (
    <Card className={cn('flex flex-col overflow-hidden', className)} aria-labelledby={titleId} role="article">
      <div className={PHOTO_FRAME}>
        <PostImage post={post} />
        <Badge variant="outline" className="absolute top-3 left-3 gap-1 bg-card">
          <Lock className="size-3.5" aria-hidden="true" />
          Locked
        </Badge>
      </div>
      <div className="grid gap-3 p-4">
        <div className="grid gap-1">
          <Heading id={titleId} className="text-lg leading-snug font-bold text-balance">
            {post.title}
          </Heading>
          <p className="text-sm text-muted-foreground">
            {POST_TYPE_TABS[post.type]} · {post.region ? REGION_LABELS[post.region] : 'Near you'}
          </p>
        </div>
        <p className="text-sm">You have seen today&apos;s free previews. Get access to see this post and every other one.</p>
        <AccessButtons compact />
      </div>
    </Card>
  );
}

function OpenPostCard({ post, headingLevel: Heading = 'h3', className, full, openedComments }: PostCardProps) {
  const { actor } = useSession();
  const titleId = useId();
  const own = !canContactOwner(actor, post);
  // A card seen for 2 s is a view (spec §9), never one's own (the server skips those too).
  const cardRef = useRef<HTMLDivElement>(null);
  useSeen(cardRef, () => trackView(post), !own);
  return (
    <Card ref={cardRef} className={cn('flex flex-col overflow-hidden', className)} aria-labelledby={titleId} role="article">
      <div className={PHOTO_FRAME}>
        <PostImage post={post} whole={full} />
        <FavoriteButton post={post} className="absolute top-3 right-3" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
        <div className="grid gap-1">
          {post.isDemo && (
            <Badge variant="outline" className="justify-self-start" title="Sample data shown on a new installation">
              Demo post
            </Badge>
          )}
          <Heading id={titleId} className="text-lg leading-snug font-bold text-balance">
            {post.title}
          </Heading>
          <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{post.address}</span>
          </p>
          <p
            className={cn(
              'flex items-center gap-1.5 text-sm font-medium',
              post.distanceMiles === null ? 'text-muted-foreground' : 'text-primary-hover',
            )}
          >
            <Navigation className="size-3.5 shrink-0" aria-hidden="true" />
            {distanceText(post.distanceMiles)}
          </p>
        </div>
        <PostStatus post={post} canManage={canManagePost(actor, post).ok} canEdit={canEditPost(actor, post, new Date()).ok} />
        {post.statusNotes && (
          <p className="rounded-lg bg-muted px-3 py-2 text-sm italic">{post.statusNotes}</p>
        )}
        <PostDescription text={post.description} full={full} />
        <PostDetails post={post} />
        <div className="mt-auto grid min-w-0 grid-cols-1 gap-3">
          <PostOwner post={post} />
          {!own && <PostContact post={post} />}
          <PostActions post={post} reportable={!own} openedComments={openedComments} />
        </div>
      </div>
    </Card>
  );
}

function PostDetails({ post }: { post: Post }) {
  const rows = [
    ['Quantity', post.quantity],
    ['Season', post.seasonalNotes],
    ['Contact', post.contact],
    // The number in writing too: a computer's browser may have nothing behind Call (docs/decisions/0132).
    ['Phone', post.phoneNumber],
  ].filter((row): row is [string, string] => Boolean(row[1]));
  if (rows.length === 0) return null;
  return (
    <dl className="grid gap-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="flex gap-1.5">
          <dt className="shrink-0 font-medium text-muted-foreground">{term}:</dt>
          <dd className="min-w-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
