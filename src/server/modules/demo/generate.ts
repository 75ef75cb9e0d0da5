import { publicPointOf, type LatLng } from '../../../domain/geo';
import {
  POST_TYPES,
  initialsOf,
  regionFor,
  type PostStatus,
  type PostType,
  type Region,
} from '../../../domain/posts';
import {
  CONTACTS,
  FIRST_NAMES,
  LAST_NAMES,
  OFFERS,
  QUANTITIES,
  STATUS_NOTES,
  STATUS_WEIGHTS,
} from './catalog';
import { PLACES, type Place } from './places';

/**
 * Realistic posts for load tests and the demo set (docs/decisions/0032). Pure and deterministic:
 * the same seed gives the same posts.
 */
export interface GeneratedPost {
  type: PostType;
  title: string;
  description: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  publicLatitude: number | null;
  publicLongitude: number | null;
  exactLocation: boolean;
  status: PostStatus;
  statusNotes: string | null;
  phoneNumber: string | null;
  contact: string | null;
  ownerName: string;
  ownerInitials: string;
  zipCode: string | null;
  quantity: string;
  seasonalNotes: string | null;
  region: Region | null;
  isDemo: boolean;
  createdAt: Date;
}

export type Random = () => number;

/** mulberry32: a small, fast PRNG with 32 bits of state, uniform in [0, 1). */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rng: Random, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const chance = (rng: Random, p: number) => rng() < p;

function weighted<T>(rng: Random, pairs: ReadonlyArray<readonly [T, number]>): T {
  const total = pairs.reduce((sum, [, w]) => sum + w, 0);
  let r = rng() * total;
  for (const [value, w] of pairs) {
    r -= w;
    if (r < 0) return value;
  }
  return pairs[pairs.length - 1]![0];
}

const PLACE_WEIGHTS = PLACES.map((p) => [p, p.weight] as const);
const DAY_MS = 86_400_000;
const METRES_PER_DEGREE = 111_320;

/** A normally distributed offset around the place's centre (Box-Muller). */
function spotNear(rng: Random, place: Place): LatLng {
  const radius = place.spreadM * Math.sqrt(-2 * Math.log(1 - rng()));
  const angle = 2 * Math.PI * rng();
  const lat = place.lat + (radius * Math.cos(angle)) / METRES_PER_DEGREE;
  const lng =
    place.lng + (radius * Math.sin(angle)) / (METRES_PER_DEGREE * Math.cos((place.lat * Math.PI) / 180));
  return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
}

function areaCode(place: Place): string {
  if (place.region === 'muskoka' || place.region === 'kawartha' || place.region === 'haliburton')
    return '705';
  return place.fsa.startsWith('M') ? '416' : '905';
}

/** Letters used in Canadian postal codes. */
const POSTAL_LETTERS = [...'ABCEGHJKLMNPRSTVWXYZ'];

function postalCode(rng: Random, fsa: string): string {
  const digit = () => String(Math.floor(rng() * 10));
  return `${fsa} ${digit()}${pick(rng, POSTAL_LETTERS)}${digit()}`;
}

export interface PostOptions {
  now: Date;
  /** Spread of created_at back from `now`, in days. */
  ageDays: number;
  place?: Place;
  type?: PostType;
  isDemo?: boolean;
  /** Share of posts without coordinates. */
  withoutPointShare?: number;
}

/** One post around a place (weighted by the places' shares unless given). */
export function generatePost(rng: Random, opts: PostOptions): GeneratedPost {
  const place = opts.place ?? weighted(rng, PLACE_WEIGHTS);
  const type =
    opts.type ??
    weighted(rng, [
      ['fruit', 5],
      ['firewood', 3],
      ['skids', 2],
    ] as const);
  const offer = pick(rng, OFFERS[type]);
  const status = weighted(rng, STATUS_WEIGHTS);
  const name = opts.isDemo ? 'Demo neighbour' : `${pick(rng, FIRST_NAMES)} ${pick(rng, LAST_NAMES)}`;
  const spot = chance(rng, opts.withoutPointShare ?? 0.05) ? null : spotNear(rng, place);
  const exactLocation = spot !== null && type === 'fruit' && chance(rng, 0.1);
  const shown = spot ? publicPointOf(spot, exactLocation, rng) : null;
  const notes = STATUS_NOTES[status];
  return {
    type,
    title: pick(rng, offer.titles),
    description: `${pick(rng, offer.about)} Near ${place.name}.`,
    address: `${1 + Math.floor(rng() * 400)} ${pick(rng, place.streets)}, ${place.town}`,
    latitude: spot?.lat ?? null,
    longitude: spot?.lng ?? null,
    publicLatitude: shown?.lat ?? null,
    publicLongitude: shown?.lng ?? null,
    exactLocation,
    status,
    statusNotes: notes && chance(rng, 0.6) ? pick(rng, notes) : null,
    phoneNumber: chance(rng, 0.3)
      ? `${areaCode(place)}-555-01${String(Math.floor(rng() * 100)).padStart(2, '0')}`
      : null,
    contact: opts.isDemo ? 'This is a demo post' : chance(rng, 0.5) ? pick(rng, CONTACTS) : null,
    ownerName: name,
    ownerInitials: initialsOf(name),
    zipCode: chance(rng, 0.8) ? postalCode(rng, place.fsa) : null,
    quantity: pick(rng, QUANTITIES[type]),
    seasonalNotes: chance(rng, 0.7) ? pick(rng, offer.seasonal) : null,
    region: place.region ?? regionFor(place.lat, place.lng),
    isDemo: opts.isDemo ?? false,
    createdAt: new Date(opts.now.getTime() - Math.floor(rng() * opts.ageDays * DAY_MS)),
  };
}

/**
 * `count` load-test posts in batches of `batchSize`, spread evenly over the last year and in the
 * order they were posted, as a live database receives them (its newest posts in its last pages).
 */
export function* postBatches(
  count: number,
  opts: { seed: number; now: Date; batchSize: number },
): Generator<GeneratedPost[]> {
  const rng = seededRandom(opts.seed);
  const ageDays = 365;
  const postedAt = (k: number) =>
    new Date(opts.now.getTime() - Math.floor((1 - (k + 0.5) / count) * ageDays * DAY_MS));
  for (let done = 0; done < count; ) {
    const size = Math.min(opts.batchSize, count - done);
    // Each post still draws a time of its own, replaced here: a seed gives the posts it gave before 0100, times aside.
    yield Array.from({ length: size }, (_, i) => ({
      ...generatePost(rng, { now: opts.now, ageDays }),
      createdAt: postedAt(done + i),
    }));
    done += size;
  }
}

export const DEMO_POST_COUNT = 40;

/** Draws for a demo post until its title is not one the set has yet (a list of 40 shows them side by side). */
const TITLE_DRAWS = 200;

/**
 * The demo set: every type and region, every post on the map, posted over the last month, no
 * title twice while its type has titles left (docs/decisions/0128).
 */
export function demoPosts(now: Date, count = DEMO_POST_COUNT): GeneratedPost[] {
  const rng = seededRandom(2024);
  const regional = PLACES.filter((p) => p.region);
  const others = PLACES.filter((p) => !p.region);
  const titles = new Set<string>();
  return Array.from({ length: count }, (_, i) => {
    const draw = () =>
      generatePost(rng, {
        now,
        ageDays: 30,
        place: i % 2 === 0 ? regional[(i / 2) % regional.length]! : others[((i - 1) / 2) % others.length]!,
        type: POST_TYPES[i % POST_TYPES.length]!,
        isDemo: true,
        withoutPointShare: 0,
      });
    let post = draw();
    for (let tries = 1; titles.has(post.title) && tries < TITLE_DRAWS; tries++) post = draw();
    titles.add(post.title);
    return post;
  });
}
