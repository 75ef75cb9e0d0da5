import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { createPostViaApi } from './harness';

/** A word no other test uses, to find this test's posts with the search filter. */
export function uniqueToken(): string {
  return `zq${randomBytes(4).toString('hex')}`;
}

/** A real JPEG (the server re-encodes uploads, so it must decode), as Playwright's file payload. */
export async function photo(name = 'plums.jpg', ground = '#6a994e') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="${ground}"/><circle cx="260" cy="240" r="110" fill="#7b2cbf"/><circle cx="400" cy="260" r="90" fill="#9d4edd"/></svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg().toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

export interface TestPost {
  title: string;
  type?: 'fruit' | 'firewood' | 'skids';
  description?: string;
  address?: string;
  latitude?: number;
  longitude?: number;
  quantity?: string;
}

/** Downtown Toronto, where the map opens for a viewer who shares no location. */
export const TORONTO = { latitude: 43.6532, longitude: -79.3832 } as const;

/**
 * Creates posts one by one through the API as the user signed in on `page` (multipart, as the web
 * form sends them), so the last one is the newest.
 */
export async function createPosts(page: Page, posts: TestPost[]): Promise<string[]> {
  const ids: string[] = [];
  for (const post of posts) {
    const fields: Record<string, string> = {
      type: post.type ?? 'fruit',
      title: post.title,
      description: post.description ?? 'Free to a good home. Bring a bag.',
      address: post.address ?? 'Queen St W, Toronto',
      exactLocation: 'true',
    };
    if (post.quantity) fields.quantity = post.quantity;
    if (post.latitude !== undefined && post.longitude !== undefined) {
      fields.latitude = String(post.latitude);
      fields.longitude = String(post.longitude);
    }
    ids.push((await createPostViaApi(page, fields)).id);
  }
  return ids;
}
