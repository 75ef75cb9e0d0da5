import { ExternalLink, MessageSquare, MoreHorizontal, Pencil, Phone, Share2 } from 'lucide-react';
import { isMember } from '../../../../domain/policy';
import { dialable, isPhoneNumber } from '../../../../domain/post-values';
import type { Post } from '../../../../domain/posts';
import { Button } from '../../../components/ui/button';
import { DeferredOpen } from '../../../components/ui/deferred-open';
import { SignInLink } from '../../../components/ui/sign-in-link';
import { TypeArt } from '../../../components/ui/type-art';
import { lazyNamed } from '../../../lib/lazy';
import { useSession } from '../../../lib/session-provider';
import { CommentsButton, type OpenedComments } from '../../comments';
import { MemberLink, OwnerTrust } from '../../members';
import { MessageButton } from '../../messages';
import { ReportButton } from '../../reports';
import { OwnerAvatar } from './owner-avatar';
import { PostStatusBadge } from './post-status-badge';

const UpdateStatusDialog = lazyNamed(() => import('./update-status-dialog'), 'UpdateStatusDialog');
const ShareMenu = lazyNamed(() => import('./share-menu'), 'ShareMenu');
const PostOwnerMenu = lazyNamed(() => import('./post-owner-menu'), 'PostOwnerMenu');

/** Tree-care advice for fruit trees, linked from fruit posts (spec §2 Post card). */
export const TREE_CARE_URL = 'https://www.treesaregood.org/treeowner';

/**
 * The post's photo (never cropped by the server): on a card its thumbnail (400 px at most on its
 * longest side) fills the frame, cropped; in the post's own dialog (`whole`) all of the full image
 * shows, on the frame's grey (docs/decisions/0146, 0149).
 */
export function PostImage({ post, whole = false }: { post: Post; whole?: boolean }) {
  const src = whole ? (post.imageUrl ?? post.thumbnailUrl) : (post.thumbnailUrl ?? post.imageUrl);
  if (src) {
    return (
      <img
        src={src}
        alt={`Photo: ${post.title}`}
        loading="lazy"
        decoding="async"
        className={whole ? 'size-full object-contain' : 'size-full object-cover'}
      />
    );
  }
  return (
    <span className="grid size-full place-items-center bg-gradient-to-br from-primary-soft to-accent-soft">
      <TypeArt type={post.type} className="size-24" />
    </span>
  );
}

/**
 * Status badge, and for the owner or an admin the button that opens the Update Status dialog and
 * the menu to edit or delete the post. A suspended owner (`canEdit` false) keeps the menu to
 * delete it, without the edits (docs/decisions/0124).
 */
export function PostStatus({ post, canManage, canEdit }: { post: Post; canManage: boolean; canEdit: boolean }) {
  return (
    <div className="flex items-center gap-1.5">
      <PostStatusBadge status={post.status} />
      {canEdit && (
        <DeferredOpen
          trigger={
            <Button
              variant="ghost"
              size="sm"
              className="h-7 px-2 text-xs text-muted-foreground"
              aria-label="Edit status"
            >
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          }
          preload={UpdateStatusDialog.preload}
          render={(trigger) => <UpdateStatusDialog post={post} trigger={trigger} />}
        />
      )}
      {canManage && (
        <DeferredOpen
          trigger={
            <Button
              variant="ghost"
              size="icon"
              className="ml-auto size-8 text-muted-foreground"
              aria-label={`Manage ${post.title}`}
              title="Edit or delete"
            >
              <MoreHorizontal aria-hidden="true" />
            </Button>
          }
          preload={PostOwnerMenu.preload}
          render={(trigger) => <PostOwnerMenu post={post} canEdit={canEdit} trigger={trigger} />}
        />
      )}
    </div>
  );
}

/**
 * The owner's avatar and name, which opens their profile, with their average rating and verified
 * badge; on fruit posts the Tree Care link beside them (from sm up, spec §2).
 */
export function PostOwner({ post }: { post: Post }) {
  const name = post.ownerName ?? 'Community Member';
  return (
    <div className="flex items-center justify-between gap-2">
      <div className="flex min-w-0 items-center gap-2.5">
        <OwnerAvatar name={name} initials={post.ownerInitials} />
        <div className="grid min-w-0 justify-items-start gap-0.5 text-sm">
          <span className="text-xs text-muted-foreground">Shared by</span>
          {post.userId ? (
            <MemberLink userId={post.userId} name={name} />
          ) : (
            <span className="max-w-full truncate font-semibold">{name}</span>
          )}
          <OwnerTrust rating={post.ownerRating} ratingCount={post.ownerRatingCount} verifiedType={post.ownerVerifiedType} verifiedAt={post.ownerVerifiedAt} />
        </div>
      </div>
      {post.type === 'fruit' && (
        <Button
          variant="ghost"
          size="sm"
          className="hidden px-2 text-muted-foreground sm:inline-flex"
          asChild
        >
          <a href={TREE_CARE_URL} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Tree Care
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
      )}
    </div>
  );
}

/**
 * Call and Text when the poster gave a phone number, otherwise Message to the owning member
 * (spec §2); a guest, who is sent neither the number nor the contact text, is asked to sign in
 * (DECISIONS 24).
 */
export function PostContact({ post }: { post: Post }) {
  const { actor } = useSession();
  if (!isMember(actor)) return <SignInLink>Sign in to contact</SignInLink>;
  // A number written before numbers were checked ('hello', '… ext 2') may dial nothing or the
  // wrong line: Message instead; the card still shows it as written.
  const phone = post.phoneNumber && isPhoneNumber(post.phoneNumber) ? dialable(post.phoneNumber) : null;
  if (phone) {
    return (
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" size="sm" asChild>
          <a href={`tel:${phone}`}>
            <Phone aria-hidden="true" />
            Call
            <span className="sr-only"> about {post.title}</span>
          </a>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <a href={`sms:${phone}`}>
            <MessageSquare aria-hidden="true" />
            Text
            <span className="sr-only"> about {post.title}</span>
          </a>
        </Button>
      </div>
    );
  }
  return <MessageButton post={post} />;
}

interface PostActionsProps {
  post: Post;
  reportable: boolean;
  openedComments?: OpenedComments;
}

/** Comments (open at once when a link asks), share and report (not on one's own post). */
export function PostActions({ post, reportable, openedComments }: PostActionsProps) {
  return (
    <div className="flex items-center gap-1 border-t pt-2">
      <CommentsButton post={post} opened={openedComments} />
      <DeferredOpen
        trigger={
          <Button
            variant="ghost"
            size="icon"
            className="size-9 text-muted-foreground"
            aria-label={`Share ${post.title}`}
            title="Share"
          >
            <Share2 aria-hidden="true" />
          </Button>
        }
        preload={ShareMenu.preload}
        render={(trigger) => <ShareMenu post={post} trigger={trigger} />}
      />
      {reportable && <ReportButton post={post} />}
    </div>
  );
}
