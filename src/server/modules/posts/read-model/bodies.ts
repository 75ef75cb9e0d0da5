import { GZIP_KEPT, JsonBody } from '../../../lib/json-body';

/** What a kept body shows: its posts and their owners, so a change to one drops only the bodies that show it. */
export interface BodyContents {
  postIds: Iterable<string>;
  ownerIds: Iterable<string | null>;
}

/**
 * Response bodies of cached pages and map views as everyone who manages none of their posts sees
 * them: the same bytes for all of them, so each is written (through the route's own serializer)
 * and gzipped once rather than on every request (docs/decisions/0061: 15 KB of JSON cost ~80 µs to
 * write and ~110 µs to gzip here, more than the rest of a cached request).
 *
 * Dropped with the page or view they were made from, and by post or owner when a card they show
 * changes (docs/decisions/0070). At most `maxBytes` of JSON are kept; the least recently used go first.
 */
export class SharedBodies {
  private readonly bodies = new Map<string, { body: JsonBody; contents: { postIds: string[]; ownerIds: string[] } }>();
  private readonly byPost = new Map<string, Set<string>>();
  private readonly byOwner = new Map<string, Set<string>>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes: number) {}

  /** The bytes held now. */
  get size(): number {
    return this.bytes;
  }

  get(key: string, contents: BodyContents, make: () => string): JsonBody {
    const kept = this.bodies.get(key);
    if (kept) {
      this.hits += 1;
      this.bodies.delete(key);
      this.bodies.set(key, kept);
      return kept.body;
    }
    this.misses += 1;
    const body = new JsonBody(Buffer.from(make()), GZIP_KEPT);
    const entry = { body, contents: { postIds: [...contents.postIds], ownerIds: [...contents.ownerIds].filter((id): id is string => id !== null) } };
    this.bodies.set(key, entry);
    this.bytes += body.bytes.length;
    for (const id of entry.contents.postIds) index(this.byPost, id, key);
    for (const id of entry.contents.ownerIds) index(this.byOwner, id, key);
    for (const oldKey of this.bodies.keys()) {
      if (this.bytes <= this.maxBytes || oldKey === key) break;
      this.drop(oldKey);
    }
    return body;
  }

  /** Drops every body that shows the post. */
  forgetPost(postId: string): void {
    for (const key of this.byPost.get(postId) ?? []) this.drop(key);
  }

  /** Drops every body that shows a post of the member. */
  forgetOwner(userId: string): void {
    for (const key of this.byOwner.get(userId) ?? []) this.drop(key);
  }

  clear(): void {
    this.bodies.clear();
    this.byPost.clear();
    this.byOwner.clear();
    this.bytes = 0;
  }

  private drop(key: string): void {
    const entry = this.bodies.get(key);
    if (!entry) return;
    this.bodies.delete(key);
    this.bytes -= entry.body.bytes.length;
    for (const id of entry.contents.postIds) unindex(this.byPost, id, key);
    for (const id of entry.contents.ownerIds) unindex(this.byOwner, id, key);
  }
}

function index(map: Map<string, Set<string>>, id: string, key: string): void {
  let keys = map.get(id);
  if (!keys) map.set(id, (keys = new Set()));
  keys.add(key);
}

function unindex(map: Map<string, Set<string>>, id: string, key: string): void {
  const keys = map.get(id);
  if (!keys) return;
  keys.delete(key);
  if (keys.size === 0) map.delete(id);
}
