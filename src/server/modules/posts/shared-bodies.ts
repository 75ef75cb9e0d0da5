import type { LatLng } from '../../../domain/geo';
import { GZIP_KEPT, JsonBody } from '../../lib/json-body';
import { canManage, type PostRow } from './present';
import { NOBODY, type Who } from './present-json';

/**
 * Response bodies made from a cached `source` (a list page's rows, a map layout) for everyone who
 * manages none of its posts, seen from an origin: identical bytes for all of them, so made once
 * per source and origin and compressed once (docs/decisions/0061). Owners and admins see exact
 * spots and get a body of their own, made for them.
 *
 * A new source (a reloaded page, a post write) has a new identity, so it never meets an old
 * body; old ones wait their turn to be dropped. The bodies kept add up to at most `maxBytes`
 * (plain bytes; their gzip adds about a quarter), the least recently used going first, however
 * many pages, page sizes and origins callers ask for.
 */
export class SharedBodies {
  private readonly ids = new WeakMap<object, number>();
  private lastId = 0;
  private readonly bodies = new Map<string, JsonBody>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The bytes held now. */
  get size(): number {
    return this.bytes;
  }

  /**
   * `make` writes the body as `who` sees it; `posts` are every post it writes. A null `source`
   * (a page read live, a view too small to be cached) is never met again: written for this viewer.
   */
  get(source: object | null, posts: Iterable<PostRow>, viewer: Who, origin: LatLng, make: (who: Who) => Buffer): JsonBody {
    if (!source) return new JsonBody(make(viewer));
    for (const row of posts) if (canManage(row, viewer)) return new JsonBody(make(viewer));
    let id = this.ids.get(source);
    if (id === undefined) this.ids.set(source, (id = ++this.lastId));
    const key = `${id} ${origin.lat},${origin.lng}`;
    let body = this.bodies.get(key);
    if (body) {
      this.bodies.delete(key);
    } else {
      body = new JsonBody(make(NOBODY), GZIP_KEPT);
      this.bytes += body.bytes.length;
    }
    this.bodies.set(key, body);
    for (const [oldKey, old] of this.bodies) {
      if (this.bytes <= this.maxBytes || old === body) break;
      this.bodies.delete(oldKey);
      this.bytes -= old.bytes.length;
    }
    return body;
  }
}

/** This instance's shared bodies: 32 MB of JSON at most. */
export const sharedBodies = new SharedBodies(32 * 1024 * 1024);
