import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Post } from '../../../domain/posts';
import { toPost } from './present';
import { postsJson } from './present-json';
import { base, origins, rows, viewers } from './rows.fixture';

describe('postsJson', () => {
  it.each(Object.entries(viewers))('writes exactly JSON.stringify(toPost(...)) for the %s, from any origin', (_name, viewer) => {
    for (const origin of origins) {
      // Twice: the second time from the texts remembered per row.
      for (let i = 0; i < 2; i++) {
        const json = postsJson(rows, viewer, origin).toString('utf8');
        expect(json).toBe(JSON.stringify(rows.map((row) => toPost(row, viewer, origin))));
        expect(() => z.array(Post).parse(JSON.parse(json))).not.toThrow();
      }
    }
  });

  it('shows the exact spot only to the owner and admins', () => {
    const lat = (viewer: (typeof viewers)[keyof typeof viewers]) => (JSON.parse(postsJson([base], viewer, origins[0]!).toString()) as Post[])[0]!.latitude;
    expect(lat(viewers.owner)).toBe(base.latitude);
    expect(lat(viewers.admin)).toBe(base.latitude);
    expect(lat(viewers.other)).toBe(base.publicLatitude);
    expect(lat(viewers.guest)).toBe(base.publicLatitude);
  });

  it('writes an empty page as []', () => {
    expect(postsJson([], viewers.guest, origins[0]!).toString()).toBe('[]');
  });
});
