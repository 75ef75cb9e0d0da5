import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { expectAccessible, newPage, registerViaApi, snap, useBrowser } from './harness';
import { createPosts, TORONTO, uniqueToken } from './posts-helpers';

describe('the map view', () => {
  const ctx = useBrowser();

  it('shows cluster bubbles with counts, zooms into one, and opens a popup with View Details', async () => {
    const member = await newPage(ctx.browser, { width: 1280 });
    await registerViaApi(member);
    const token = uniqueToken();
    // Spread over a few kilometres of Toronto: clustered when zoomed out.
    const spots = [
      [0, 0],
      [0.03, 0.04],
      [-0.02, 0.05],
      [0.04, -0.03],
    ] as const;
    await createPosts(
      member,
      spots.map(([dLat, dLng], n) => ({
        title: `Cherries ${token} ${n}`,
        latitude: TORONTO.latitude + dLat,
        longitude: TORONTO.longitude + dLng,
      })),
    );

    // A guest gets clusters (and its one preview post) whatever the zoom.
    const page = await newPage(ctx.browser, { width: 1280 });
    await page.goto(`/?type=fruit&q=${token}`);
    await page.getByRole('button', { name: 'Map' }).click();
    await page.getByText(/posts? with a location in this area/).waitFor();
    expect(page.url()).toContain('view=map');

    const clusters = page.locator('.leaflet-marker-icon.map-cluster');
    await clusters.first().waitFor();
    const counts = await clusters.allTextContents();
    expect(counts.every((c: string) => /^\d+k?$/.test(c.trim()))).toBe(true);
    await snap(page, 'home-map');

    const zoomed = page.waitForRequest(
      (r: Request) => r.url().includes('/api/posts/map') && !r.url().includes('zoom=7'),
    );
    await clusters.first().dispatchEvent('click');
    await zoomed;

    const pin = page.getByRole('button', { name: `Cherries ${token} 3` });
    await pin.waitFor();
    await pin.dispatchEvent('click');
    const popup = page.locator('.leaflet-popup');
    await popup.getByRole('heading', { name: `Cherries ${token} 3` }).waitFor();
    await popup.getByText('Fresh Fruit').waitFor();
    await snap(page, 'home-map-popup');

    await popup.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Post details' });
    await details.getByRole('heading', { name: `Cherries ${token} 3` }).waitFor();
    expect(page.url()).toContain('post=');
    await expectAccessible(page);
  });
});
