import { haversineMiles, type LatLng } from '../../../domain/geo';
import type { Post } from '../../../domain/posts';
import type { posts } from '../../db/schema/index';

/** A post row as read for presenting (the generated search text is never needed). */
export type PostRow = Omit<typeof posts.$inferSelect, 'searchText'>;

/** Who is asking, as every posts surface needs it (see viewer.ts for how it is read). */
export interface Viewer {
  userId: string | null;
  /** The caller's session id, also for guests: a guest's own post is known by it. */
  sessionId: string | null;
  isAdmin: boolean;
  /** Full viewing access (DECISIONS 7); false means one preview post only. */
  canView: boolean;
}

/** True when the viewer posted this post (as a member, or as the guest session that posted it). */
export function isOwner(row: Pick<PostRow, 'userId' | 'ownerSessionId'>, viewer: Pick<Viewer, 'userId' | 'sessionId'>): boolean {
  if (row.userId !== null) return viewer.userId !== null && row.userId === viewer.userId;
  return row.ownerSessionId !== null && viewer.sessionId !== null && row.ownerSessionId === viewer.sessionId;
}

/** Owners and admins may see the exact spot and change the post (DECISIONS 2). */
export function canManage(row: Pick<PostRow, 'userId' | 'ownerSessionId'>, viewer: Pick<Viewer, 'userId' | 'sessionId' | 'isAdmin'>): boolean {
  return viewer.isAdmin || isOwner(row, viewer);
}

const isoTexts = new WeakMap<Date, string>();
/**
 * Date#toISOString costs ~0.6 µs on Node 20, two per post: remembered per Date object, so rows
 * kept in the list and map caches are formatted once (docs/decisions/0050).
 */
function isoOf(date: Date): string {
  let text = isoTexts.get(date);
  if (text === undefined) {
    text = date.toISOString();
    isoTexts.set(date, text);
  }
  return text;
}

/** The fields of a Post that depend on who asks and from where (present-json.ts writes the rest once). */
export interface PostPlace {
  latitude: number | null;
  longitude: number | null;
  distanceMiles: number | null;
}

/**
 * The point shown (the exact spot to the owner and admins, else the public point) and the
 * distance, always from the public point to `origin`.
 */
export function placeFor(row: PostRow, viewer: Pick<Viewer, 'userId' | 'sessionId' | 'isAdmin'>, origin: LatLng): PostPlace {
  const publicPoint =
    row.publicLatitude !== null && row.publicLongitude !== null ? { lat: row.publicLatitude, lng: row.publicLongitude } : null;
  const exact = canManage(row, viewer) && row.latitude !== null && row.longitude !== null;
  const shown = exact ? { lat: row.latitude!, lng: row.longitude! } : publicPoint;
  return {
    latitude: shown?.lat ?? null,
    longitude: shown?.lng ?? null,
    distanceMiles: publicPoint ? haversineMiles(origin, publicPoint) : null,
  };
}

/**
 * A post row as the API returns it. latitude/longitude are the public point unless the viewer
 * owns the post or is an admin; distanceMiles is always measured from the public point to
 * `origin`, so no one can work out the exact spot by asking from several places.
 */
export function toPost(row: PostRow, viewer: Pick<Viewer, 'userId' | 'sessionId' | 'isAdmin'>, origin: LatLng): Post {
  const place = placeFor(row, viewer, origin);
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    address: row.address,
    latitude: place.latitude,
    longitude: place.longitude,
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
    distanceMiles: place.distanceMiles,
    isDemo: row.isDemo,
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
  };
}
