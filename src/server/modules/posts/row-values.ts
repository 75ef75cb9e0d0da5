/** What a post's row holds from its form, on create and edit: its place, its texts and its image. */

import { randomInt } from 'node:crypto';
import { publicPointOf } from '../../../domain/geo';
import { regionFor, regionOfAddress, type PostFields } from '../../../domain/posts';
import type { StoredImage } from '../images/service';
import type { PostRow } from './present';

/** Uniform in [0, 1) from the OS's random source: the public offset must not be predictable. */
const secureRandom = () => randomInt(2 ** 47) / 2 ** 47;

/** Exact and public point; the public one is kept while the spot and the exact choice stay the same. */
export function placeOf(
  input: { latitude?: number; longitude?: number; exactLocation: boolean },
  previous?: PostRow,
) {
  if (input.latitude === undefined || input.longitude === undefined) {
    return { latitude: null, longitude: null, publicLatitude: null, publicLongitude: null };
  }
  const exact = { lat: input.latitude, lng: input.longitude };
  const same =
    previous?.latitude === exact.lat &&
    previous.longitude === exact.lng &&
    previous.exactLocation === input.exactLocation &&
    previous.publicLatitude !== null &&
    previous.publicLongitude !== null;
  const pub = same
    ? { lat: previous.publicLatitude!, lng: previous.publicLongitude! }
    : publicPointOf(exact, input.exactLocation, secureRandom);
  return { latitude: exact.lat, longitude: exact.lng, publicLatitude: pub.lat, publicLongitude: pub.lng };
}

/** The texts of the form, the owner's name and initials, and the region (from the point when left empty). */
export function textOf(input: PostFields, ownerName: string | null, ownerInitials: string | null) {
  return {
    title: input.title,
    description: input.description,
    address: input.address,
    contact: input.contact ?? null,
    phoneNumber: input.phoneNumber ?? null,
    ownerName,
    ownerInitials,
    zipCode: input.zipCode ?? null,
    quantity: input.quantity ?? null,
    seasonalNotes: input.seasonalNotes ?? null,
    // DECISIONS 13: filled in from the coordinates when the poster leaves it empty, else from the
    // town the address names (0150).
    region:
      input.region ??
      (input.latitude !== undefined && input.longitude !== undefined ? regionFor(input.latitude, input.longitude) : null) ??
      regionOfAddress(input.address),
    exactLocation: input.exactLocation,
  };
}

/** The image's columns: the stored image, or none. */
export const imageColumns = (image: StoredImage | null) => ({
  imageUrl: image?.imageUrl ?? null,
  thumbnailUrl: image?.thumbnailUrl ?? null,
  imageKeys: image?.keys ?? null,
});
