// The mixed load of issue 14: members listing, panning the map, sharing, favouriting and changing
// statuses for a minute, with PostgreSQL killed in the middle; every acknowledged write checked after.
import { connect } from '../src/server/db/client';
import { seededRandom } from '../src/server/modules/demo/generate';
import { keepAliveClient } from './client';
import { grantLifetime, resetLimits, signInMembers, type BenchMember } from './members';
import { mapViews, nearbyLists, spotWherePostsAre, type RequestSource } from './random';

export const MIXED_MEMBERS = 150;
/** The mixed load's members are `Load member 0…` (their shares are removed before the next run: db.ts). */
export const MIXED_NAME = 'Load member';
/** Requests under way at once, as many members' browsers. */
const IN_FLIGHT = 64;
const STATUSES = ['available', 'limited', 'unavailable', 'seasonal'] as const;

export interface MixedResult {
  seconds: number;
  requests: number;
  requestsPerSec: number;
  /** Answers other than 2xx and 503, and requests that got no answer. */
  errors: number;
  errorSamples: string[];
  unavailable: number;
  /** Kill time to the last failed request after it (ms); null when nothing failed or nothing was killed. */
  recoveryMs: number | null;
  killedAt: number | null;
  /** The load generator's own CPU a request (ms): it runs on the same cores as the app and PostgreSQL. */
  generatorCpuMs: number;
  writes: { acknowledged: number; lost: number; lostByKind: { posts: number; favourites: number; statuses: number } };
  /** Where the time goes: each kind of request's count and latencies (ms). */
  byKind: Array<{ kind: string; count: number; p50: number; p95: number }>;
}

type Kind = 'list' | 'map' | 'create' | 'favourite' | 'status';
/** The mix: reads most, writes enough to matter (per 100 requests). */
const MIX: Array<[Kind, number]> = [
  ['list', 40],
  ['map', 30],
  ['create', 3],
  ['favourite', 17],
  ['status', 10],
];

interface Ledger {
  created: string[];
  favourites: Array<{ userId: string; postId: string }>;
  /**
   * Per post: the last status acknowledged, and whether it is in doubt (a later change was left
   * unanswered, or two changes of the post were under way at once, so their order is not known),
   * with the changes under way and how many were sent.
   */
  statuses: Map<string, { acked: string; doubtful: boolean; inFlight: number; sent: number }>;
}

interface State {
  rng: () => number;
  call: ReturnType<typeof keepAliveClient>['call'];
  lists: RequestSource;
  maps: RequestSource;
  mine: Map<string, string[]>;
  ledger: Ledger;
}

/** One request of `kind` by `m`: its status (0: no answer) and what it wrote when acknowledged. */
async function send(kind: Kind, m: BenchMember, state: State): Promise<number> {
  const { rng, ledger } = state;
  const headers = { cookie: m.cookie, 'content-type': 'application/json', 'accept-encoding': 'gzip' };
  const call = async (path: string, init: { method?: string; body?: string } = {}) => state.call(path, { ...init, headers });
  const own = state.mine.get(m.id) ?? [];
  if (kind === 'create') {
    const spot = spotWherePostsAre(rng);
    const post = { type: 'firewood', title: 'Split maple, seasoned', description: 'A face cord, dry, help yourself', address: '12 Birch Ave', latitude: String(spot.lat), longitude: String(spot.lng) };
    const { status, json } = await call('/api/posts', { method: 'POST', body: JSON.stringify(post) });
    if (status === 201) {
      const { id } = json() as { id: string };
      ledger.created.push(id);
      // Read again: another of the member's shares may have been answered meanwhile.
      state.mine.set(m.id, [...(state.mine.get(m.id) ?? []), id]);
    }
    return status;
  }
  if (kind === 'favourite' && ledger.created.length > 0) {
    const postId = ledger.created[Math.floor(rng() * ledger.created.length)]!;
    const { status } = await call('/api/favorites', { method: 'POST', body: JSON.stringify({ postId }) });
    if (status >= 200 && status < 300) ledger.favourites.push({ userId: m.id, postId });
    return status;
  }
  if (kind === 'status' && own.length > 0) {
    const postId = own[Math.floor(rng() * own.length)]!;
    const next = STATUSES[Math.floor(rng() * STATUSES.length)]!;
    const entry = ledger.statuses.get(postId) ?? { acked: 'available', doubtful: false, inFlight: 0, sent: 0 };
    ledger.statuses.set(postId, entry);
    const alone = entry.inFlight === 0;
    const sent = (entry.sent += 1);
    entry.inFlight += 1;
    const { status } = await call(`/api/posts/${postId}/status`, { method: 'PATCH', body: JSON.stringify({ status: next }) });
    entry.inFlight -= 1;
    // Acknowledged with no other change of the post under way at any moment of it: the post's status is now `next`.
    if (status >= 200 && status < 300 && alone && entry.sent === sent) Object.assign(entry, { acked: next, doubtful: false });
    else entry.doubtful = true;
    return status;
  }
  const source = kind === 'map' ? state.maps : state.lists;
  return (await call(source.next().path)).status;
}

/** Whether every acknowledged write is in the database: posts shared, favourites, last statuses. */
async function lostWrites(databaseUrl: string, ledger: Ledger): Promise<MixedResult['writes']> {
  const database = connect(databaseUrl, null, 1);
  try {
    const { rows: posts } = await database.pool.query<{ id: string; status: string }>('SELECT id, status FROM posts WHERE id = ANY($1::uuid[])', [ledger.created]);
    const found = new Map(posts.map((p) => [p.id, p.status]));
    const lostPosts = ledger.created.filter((id) => !found.has(id)).length;
    const { rows: favs } = await database.pool.query<{ key: string }>(`SELECT user_id || ':' || post_id AS key FROM favorites WHERE post_id = ANY($1::uuid[])`, [ledger.created]);
    const favourites = new Set(favs.map((f) => f.key));
    const lostFavourites = ledger.favourites.filter((f) => !favourites.has(`${f.userId}:${f.postId}`)).length;
    const certain = [...ledger.statuses].filter(([, s]) => !s.doubtful);
    const lostStatuses = certain.filter(([id, s]) => found.get(id) !== s.acked).length;
    return {
      acknowledged: ledger.created.length + ledger.favourites.length + certain.length,
      lost: lostPosts + lostFavourites + lostStatuses,
      lostByKind: { posts: lostPosts, favourites: lostFavourites, statuses: lostStatuses },
    };
  } finally {
    await database.close();
  }
}

/**
 * `seconds` of the mix from MIXED_MEMBERS members, IN_FLIGHT requests under way; `kill` (when the
 * database is the benchmark's own) is called halfway. Then every acknowledged write is looked for.
 */
export async function measureMixed(appUrl: string, databaseUrl: string, seconds: number, kill: (() => Promise<void>) | null): Promise<MixedResult> {
  await resetLimits(databaseUrl);
  const members = await signInMembers(appUrl, MIXED_NAME, 78, MIXED_MEMBERS);
  await grantLifetime(databaseUrl, members);
  const rng = seededRandom(14);
  const client = keepAliveClient(appUrl, IN_FLIGHT, 10_000);
  const ledger: Ledger = { created: [], favourites: [], statuses: new Map() };
  const state: State = { rng, call: client.call, lists: nearbyLists(1401), maps: mapViews(1402, 12), mine: new Map(), ledger };
  const total = MIX.reduce((sum, [, w]) => sum + w, 0);
  const pickKind = (): Kind => {
    let r = rng() * total;
    return MIX.find(([, w]) => (r -= w) < 0)?.[0] ?? 'list';
  };
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const end = started + seconds * 1000;
  let killedAt: number | null = null;
  let lastFailure: number | null = null;
  let requests = 0;
  let errors = 0;
  let unavailable = 0;
  const errorSamples: string[] = [];
  const killer = kill
    ? new Promise<void>((resolve) => setTimeout(() => void kill().then(() => ((killedAt = performance.now()), resolve())), (seconds * 1000) / 2))
    : Promise.resolve();
  const latencies = new Map<Kind, number[]>(MIX.map(([kind]) => [kind, []]));
  async function loop() {
    while (performance.now() < end) {
      const kind = pickKind();
      const t0 = performance.now();
      const status = await send(kind, members[Math.floor(rng() * members.length)]!, state);
      latencies.get(kind)!.push(performance.now() - t0);
      requests += 1;
      if (status >= 200 && status < 300) continue;
      lastFailure = performance.now();
      if (status === 503) unavailable += 1;
      else {
        errors += 1;
        if (errorSamples.length < 5) errorSamples.push(`${kind}: ${status || 'no answer'}`);
      }
    }
  }
  await Promise.all([...Array.from({ length: IN_FLIGHT }, loop), killer]);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  client.close();
  const recoveryMs = killedAt !== null && lastFailure !== null && lastFailure > killedAt ? lastFailure - killedAt : null;
  return {
    seconds: elapsed,
    requests,
    requestsPerSec: requests / elapsed,
    errors,
    errorSamples,
    unavailable,
    recoveryMs,
    killedAt: killedAt === null ? null : (killedAt - started) / 1000,
    generatorCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, requests),
    writes: await lostWrites(databaseUrl, ledger),
    byKind: [...latencies].map(([kind, all]) => {
      const sorted = all.sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
      return { kind, count: sorted.length, p50: at(50), p95: at(95) };
    }),
  };
}
