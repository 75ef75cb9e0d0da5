import { haversineMiles, type LatLng } from '../../../domain/geo';
import type { Actor } from '../../../domain/actor';
import { canSeeExactSpot, isPostOwner } from '../../../domain/policy';
import { shownOf } from '../../../domain/own-post-values';
import { areaOf } from '../../../domain/post-values';
import type { VerifiedType } from '../../../domain/auth';
import type { Post } from '../../../domain/posts';
import type { posts } from '../../db/schema/index';

/** A post row as read for presenting (the search document is never needed). */
export type PostRow = Omit<typeof posts.$inferSelect, 'searchVector'>;

/**
 * What a card shows that other areas keep (docs/decisions/0070): each has a value for a post that
 * no area has spoken for yet. Areas add theirs through the read model's card parts.
 */
export interface CardExtras {
  commentCount: number;
  ownerRating: number | null;
  ownerRatingCount: number;
  ownerVerifiedType: VerifiedType | null;
  ownerVerifiedAt: string | null;
}
export const NO_EXTRAS: CardExtras = { commentCount: 0, ownerRating: null, ownerRatingCount: 0, ownerVerifiedType: null, ownerVerifiedAt: null };

/** A post as the read model keeps it: its row and what other areas add to its card. */
export interface Card {
  row: PostRow;
  extras: CardExtras;
}

/**
 * The actor as presenting needs it: exact spots are for those who may change the post; contact
 * details for signed-in members (DECISIONS 24; `signedIn` defaults to having a member id).
 */
export type Presenter = Pick<Actor, 'userId' | 'sessionId' | 'isAdmin'> & { signedIn?: boolean };
/** A guest who manages no post: what every other guest sees. */
export const ANY_GUEST: Presenter = { userId: null, sessionId: null, isAdmin: false, signedIn: false };
/** A member who manages no post: what every other member sees. */
export const ANY_MEMBER: Presenter = { userId: null, sessionId: null, isAdmin: false, signedIn: true };
/** Who else sees what `actor` sees of posts they do not manage. */
export const audienceOf = (actor: Presenter): Presenter => (isSignedIn(actor) ? ANY_MEMBER : ANY_GUEST);
const isSignedIn = (viewer: Presenter) => viewer.signedIn ?? viewer.userId !== null;

/** Why the post is in no list, for the owner or admin it is shown to; nothing for a listed post. */
function unlistedOf(row: PostRow): Pick<Post, 'unlisted'> {
  const shown = shownOf(row);
  return shown === 'listed' ? {} : { unlisted: shown };
}

/**
 * A card as the API returns it to `actor`. latitude/longitude are the public point unless the
 * actor may see the exact spot (DECISIONS 2); distanceMiles is always measured from the public
 * point to `origin`, so no one can work out the exact spot by asking from several places. Why a
 * post is in no list is said only to those who manage it (0150).
 */
export function toPost({ row, extras }: Card, actor: Presenter, origin: LatLng): Post {
  const publicPoint =
    row.publicLatitude !== null && row.publicLongitude !== null ? { lat: row.publicLatitude, lng: row.publicLongitude } : null;
  const manages = canSeeExactSpot(actor, row);
  const exact = row.latitude !== null && row.longitude !== null && manages ? { lat: row.latitude, lng: row.longitude } : null;
  const shown = exact ?? publicPoint;
  // DECISIONS 24: phone, contact and the street of an approximate spot are for signed-in members.
  const member = isSignedIn(actor) || manages;
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    address: member || row.exactLocation ? row.address : areaOf(row.address, row.region),
    latitude: shown?.lat ?? null,
    longitude: shown?.lng ?? null,
    exactLocation: row.exactLocation,
    imageUrl: row.imageUrl,
    thumbnailUrl: row.thumbnailUrl,
    status: row.status,
    statusNotes: row.statusNotes,
    phoneNumber: member ? row.phoneNumber : null,
    contact: member ? row.contact : null,
    ownerName: row.ownerName,
    ownerInitials: row.ownerInitials,
    userId: row.userId,
    zipCode: member ? row.zipCode : null,
    quantity: row.quantity,
    seasonalNotes: row.seasonalNotes,
    region: row.region,
    distanceMiles: publicPoint ? haversineMiles(origin, publicPoint) : null,
    isDemo: row.isDemo,
    commentCount: extras.commentCount,
    ownerRating: extras.ownerRating,
    ownerRatingCount: extras.ownerRatingCount,
    ownerVerifiedType: extras.ownerVerifiedType,
    ownerVerifiedAt: extras.ownerVerifiedAt,
    locked: false,
    viewerOwns: isPostOwner(actor, row),
    ...(manages ? unlistedOf(row) : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A card past the guest's daily preview budget (DECISIONS 29): its type, title, region, status and
 * dates, so the card can say what is there and offer access; nothing that locates or describes it.
 */
export function toLockedPost({ row }: Card): Post {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: '',
    address: '',
    latitude: null,
    longitude: null,
    exactLocation: false,
    imageUrl: null,
    thumbnailUrl: null,
    status: row.status,
    statusNotes: null,
    phoneNumber: null,
    contact: null,
    ownerName: null,
    ownerInitials: null,
    userId: null,
    zipCode: null,
    quantity: null,
    seasonalNotes: null,
    region: row.region,
    distanceMiles: null,
    isDemo: row.isDemo,
    commentCount: 0,
    ownerRating: null,
    ownerRatingCount: 0,
    ownerVerifiedType: null,
    ownerVerifiedAt: null,
    locked: true,
    viewerOwns: false,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
