// The scenarios of `npm run bench` and their budgets (bench/README.md has the table).
import { bboxParam, viewBox } from '../src/domain/map';
import type { Measure } from './load';
import { filteredLists, guests, mapViews, nearbyLists, searchesNearby, type RequestSource } from './random';
import { COMMON_WORD, ITEM_WORDS, RARE_WORD } from './words';

export interface Budget {
  text: string;
  /** `floor` is (e) measured right before, for the scenarios compared with it. */
  met(m: Measure, floor?: Measure): boolean;
}

export interface Scenario {
  name: string;
  /** The bare hello-world server; the app as the bench member (signed in, full access); the app as guests (no cookie). */
  server: 'hello' | 'member' | 'guest';
  connections: number;
  /** The one path every request sends (fixed views, which the app's caches answer). */
  path?: string;
  /** Or a source of requests new every time, from a fixed seed: one per scenario, shared by its runs. */
  requests?: () => RequestSource;
  /** Measured again at this many connections right after, reported beside it (not a budget). */
  alsoAt?: number;
  /** Measure (e) right before it: its budget compares the two. */
  floorBefore?: true;
  budget: Budget | null;
}

/** (e): what every signed-in request pays before its own work (session and viewer). */
export const FLOOR: Scenario = {
  name: '(e) floor: /api/auth/me',
  server: 'member',
  connections: 50,
  path: '/api/auth/me',
  budget: null,
};

const FIXED = 50;
const FRESH = 10;

const listBudget: Budget = {
  text: 'p99 ≤ 25 ms, ≥ 40 % of (e)',
  met: (m, floor) => m.p99 <= 25 && floor !== undefined && m.requestsPerSec >= 0.4 * floor.requestsPerSec,
};
const p99Within = (ms: number): Budget => ({ text: `p99 ≤ ${ms} ms`, met: (m) => m.p99 <= ms });
const p95Within = (ms: number): Budget => ({ text: `p95 ≤ ${ms} ms`, met: (m) => m.p95 <= ms });

const mapPath = (lat: number, lng: number, zoom: number, filters = 'type=fruit') =>
  `/api/posts/map?${filters}&zoom=${zoom}&bbox=${bboxParam(viewBox({ lat, lng }, zoom, 1280, 800))}`;
const fixedMap = (name: string, path: string): Scenario => ({
  name,
  server: 'member',
  connections: FIXED,
  path,
  budget: p95Within(25),
});
const fresh = (name: string, requests: () => RequestSource, ms = 50): Scenario => ({
  name,
  server: 'member',
  connections: FRESH,
  requests,
  alsoAt: FIXED,
  budget: p95Within(ms),
});

/** In the order they run. */
export const SCENARIOS: Scenario[] = [
  // Not a budget: the bare machine, to compare machines and runs.
  { name: 'hello-world (bare Fastify)', server: 'hello', connections: FIXED, path: '/', budget: null },
  {
    name: '(b) list: fruit, "apple", available',
    server: 'member',
    connections: FIXED,
    path: '/api/posts?type=fruit&q=apple&status=available',
    floorBefore: true,
    budget: listBudget,
  },
  {
    name: '(c) list: 10 miles of Toronto',
    server: 'member',
    connections: FIXED,
    path: '/api/posts?distance=10miles&near=43.6532,-79.3832',
    floorBefore: true,
    budget: listBudget,
  },
  fixedMap('(d) map: city (zoom 12)', mapPath(43.6532, -79.3832, 12)),
  fixedMap('(d) map: region (zoom 9)', mapPath(44.2, -79.2, 9)),
  fixedMap('(d) map: province (zoom 6)', mapPath(46.5, -82, 6)),
  fixedMap(
    '(d) map: city, 10 miles',
    mapPath(43.6532, -79.3832, 12, 'type=fruit&distance=10miles&near=43.6532,-79.3832'),
  ),
  {
    name: "(g) guest's first page",
    server: 'guest',
    connections: FIXED,
    requests: () => guests('/api/posts?type=fruit'),
    budget: p99Within(25),
  },
  // New every time: random places, origins and filters from fixed seeds.
  fresh('(1) map: zoom 12, random places', () => mapViews(1, 12)),
  fresh('(2) map: zoom 15, random places', () => mapViews(2, 15)),
  fresh('(3) list: item word + filters', () => filteredLists(3, ITEM_WORDS)),
  fresh('(4) list: 10 miles, random origin', () => nearbyLists(4)),
  fresh(`(5) list: "${RARE_WORD}", 10 miles`, () => searchesNearby(5, RARE_WORD, 'list')),
  fresh(`(5) list: "${COMMON_WORD}", 10 miles`, () => searchesNearby(6, COMMON_WORD, 'list')),
  fresh(`(6) map: "${RARE_WORD}", 10 miles`, () => searchesNearby(7, RARE_WORD, 'map'), 100),
  fresh(`(6) map: "${COMMON_WORD}", 10 miles`, () => searchesNearby(8, COMMON_WORD, 'map'), 100),
];
