import { haversineMiles, type LatLng } from '../../../domain/geo';
import type { Actor } from '../../../domain/actor';
import { canSeeExactSpot } from '../../../domain/policy';
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
}
export const NO_EXTRAS: CardExtras = { commentCount: 0, ownerRating: null, ownerRatingCount: 0, ownerVerifiedType: null };

/** A post as the read model keeps it: its row and what other areas add to its card. */
export interface Card {
  row: PostRow;
  extras: CardExtras;
}

/** The actor as presenting needs it: exact spots are for those who may change the post. */
export type Presenter = Pick<Actor, 'userId' | 'sessionId' | 'isAdmin'>;
/** Someone who manages no post: what everyone else sees. */
export const ANYONE: Presenter = { userId: null, sessionId: null, isAdmin: false };

/**
 * A card as the API returns it to `actor`. latitude/longitude are the public point unless the
 * actor may see the exact spot (DECISIONS 2); distanceMiles is always measured from the public
 * point to `origin`, so no one can work out the exact spot by asking from several places.
 */
export function toPost({ row, extras }: Card, actor: Presenter, origin: LatLng): Post {
  const publicPoint =
    row.publicLatitude !== null && row.publicLongitude !== null ? { lat: row.publicLatitude, lng: row.publicLongitude } : null;
  const exact = row.latitude !== null && row.longitude !== null && canSeeExactSpot(actor, row) ? { lat: row.latitude, lng: row.longitude } : null;
  const shown = exact ?? publicPoint;
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    address: row.address,
    latitude: shown?.lat ?? null,
    longitude: shown?.lng ?? null,
    exactLocation: row.exactLocation,
    imageUrl: row.imageUrl,
    thumbnailUrl: row.thumbnailUrl,
    status: row.status,
    statusNotes: row.statusNotes,
    phoneNumber: row.phoneNumber,
    contact: row.contact,
    ownerName: row.ownerName,
    ownerInitials: row.ownerInitials,
    userId: row.userId,
    zipCode: row.zipCode,
    quantity: row.quantity,
    seasonalNotes: row.seasonalNotes,
    region: row.region,
    distanceMiles: publicPoint ? haversineMiles(origin, publicPoint) : null,
    isDemo: row.isDemo,
    commentCount: extras.commentCount,
    ownerRating: extras.ownerRating,
    ownerRatingCount: extras.ownerRatingCount,
    ownerVerifiedType: extras.ownerVerifiedType,
    locked: false,
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
    locked: true,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
