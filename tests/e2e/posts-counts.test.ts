import { describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import type { MapResponse, Post } from '../../src/domain/posts';
import { newPage, registerViaApi, snap, useBrowser } from './harness';
import { createPosts, TORONTO, uniqueToken } from './posts-helpers';

/**
 * Counts as the server marks them (a busy 10-mile circle's estimate) and the card's comment count.
 * An estimate needs a busy city; here the server's answers are marked on their way to the page.
 */
describe('counts on the home page', () => {
  const ctx = useBrowser();

  it('reads an estimated total and estimated map bubbles as estimates, and counts a post’s comments', async () => {
    const member = await newPage(ctx.browser);
    await registerViaApi(member);
    const token = uniqueToken();
    await createPosts(
      member,
      [0, 0.01, 0.02].map((d, n) => ({
        title: `Pawpaws ${token} ${n}`,
        latitude: TORONTO.latitude + d,
        longitude: TORONTO.longitude + d,
      })),
    );

    const page = await newPage(ctx.browser, { width: 390 });
    await page.route(/\/api\/posts\?/, async (route: Route) => {
      const response = await route.fetch();
      const posts = ((await response.json()) as Post[]).map((post) => ({ ...post, commentCount: 1 }));
      const headers = { ...response.headers(), 'x-total-count': '12345', 'x-total-count-estimated': 'true' };
      await route.fulfill({ response, headers, json: posts });
    });
    await page.route(/\/api\/posts\/map\?/, async (route: Route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        json: { ...((await response.json()) as MapResponse), estimated: true },
      });
    });

    await page.goto(`/?type=fruit&q=${token}`);
    await page.getByRole('heading', { name: "That's your free preview!" }).waitFor();
    await page
      .getByText('There are about 12,000 more fruit posts waiting.', { exact: false })
      .waitFor();
    await page.getByRole('article').getByRole('button', { name: /^1 comment on / }).waitFor();
    await snap(page, 'home-guest-estimated');

    await page.getByRole('button', { name: 'Map' }).click();
    await page.getByText(/^About \d+ posts? with a location in this area$/).waitFor();
    const clusters = page.locator('.leaflet-marker-icon.map-cluster');
    await clusters.first().waitFor();
    const counts = await clusters.locator('.bubble').allTextContents();
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.every((c) => /^~\d+k?$/.test(c.trim()))).toBe(true);
    expect(await clusters.first().getAttribute('title')).toMatch(/^about \d+ posts? around here$/);
    await page
      .getByRole('button', { name: /^about \d+ posts? around here$/ })
      .first()
      .waitFor();
    await snap(page, 'home-map-estimated');
    await member.context().close();
    await page.context().close();
  });
});
