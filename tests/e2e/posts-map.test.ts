import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { expectAccessible, hitsInside, newPage, registerViaApi, snap, useBrowser } from './harness';
import { TILES_FAILED_TEXT } from '../../src/web/lib/osm';
import { createPosts, TORONTO, uniqueToken } from './posts-helpers';

describe('the map view', () => {
  const ctx = useBrowser();

  it('shows cluster bubbles with counts, zooms into one, and opens a popup with View Details', async () => {
    const member = await newPage(ctx.browser, { width: 1280 });
    const owner = await registerViaApi(member);
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
    const zooms: number[] = [];
    page.on('request', (r: Request) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/posts/map') zooms.push(Number(url.searchParams.get('zoom')));
    });
    await page.goto(`/?type=fruit&q=${token}`);
    await page.getByRole('button', { name: 'Map' }).click();
    await page.getByText(/posts? with a location in this area/).waitFor();
    expect(page.url()).toContain('view=map');
    // Without a shared location the map asks where the posts are (the world at zoom 4, then a
    // closer look at its clusters' box) and opens on them, in Toronto, not on spec §9's North
    // American default (zoom 4) nor on the whole 5.6° cell of the world answer (zoom 6-7).
    expect(zooms[0]).toBe(4);
    expect(zooms[1]).toBe(10);
    await expect.poll(() => zooms.length).toBeGreaterThan(2);
    const opening = zooms[2]!;
    expect(opening).toBeGreaterThanOrEqual(10);

    const clusters = page.locator('.leaflet-marker-icon.map-cluster');
    await clusters.first().waitFor();
    const counts = await clusters.locator('.bubble').allTextContents();
    expect(counts.every((c: string) => /^\d+k?$/.test(c.trim()))).toBe(true);
    // The guest's bubbles split no finer than zoom 11 (docs/decisions/0031): they promise no
    // zooming in, and the page says what shows each post.
    expect(await clusters.first().getAttribute('title')).toMatch(/^\d+ posts? around here$/);
    await page.getByRole('button', { name: /^\d+ posts? around here$/ }).first().waitFor();
    await page.getByText('The bubbles show roughly where posts are.').waitFor();
    await page.getByRole('link', { name: /^Lifetime access/ }).waitFor();
    await snap(page, 'home-map');

    const zoomed = page.waitForRequest((r: Request) => {
      const url = new URL(r.url());
      return url.pathname === '/api/posts/map' && Number(url.searchParams.get('zoom')) > opening;
    });
    await clusters.first().dispatchEvent('click');
    await zoomed;

    const pin = page.getByRole('button', { name: `Cherries ${token} 3` });
    await pin.waitFor();
    const popup = page.locator('.leaflet-popup');
    // By keyboard: Enter on the pin moves focus into its popup, one Tab reaches the owner's name
    // (which opens their profile), the next View Details, and Escape closes it and gives focus back
    // to the pin.
    await pin.focus();
    await page.keyboard.press('Enter');
    await popup.getByRole('group', { name: `Cherries ${token} 3` }).waitFor();
    const focusIn = (selector: string) => page.evaluate((s) => document.activeElement?.closest(s) !== null, selector);
    await expect.poll(() => focusIn('.leaflet-popup')).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(owner.username);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('View Details');
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    expect(await pin.evaluate((el) => el === document.activeElement)).toBe(true);

    await pin.dispatchEvent('click');
    await popup.getByRole('heading', { name: `Cherries ${token} 3` }).waitFor();
    await popup.getByText('Fresh Fruit').waitFor();
    // Its close button is big enough for a finger (0127).
    const close = await popup.getByRole('button', { name: 'Close popup' }).boundingBox();
    expect(Math.min(close!.width, close!.height)).toBeGreaterThanOrEqual(36);
    await snap(page, 'home-map-popup');

    // The whole map in the window, to see what covers its layers once the dialog is open.
    await page.locator('.leaflet-container').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await popup.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Post details' });
    await details.getByRole('heading', { name: `Cherries ${token} 3` }).waitFor();
    expect(page.url()).toContain('post=');
    // Opening a post does not send the page behind the dialog back to its top.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // The map in the middle of the window (the page can still be scrolled from code).
    await page.evaluate(() => document.querySelector('.leaflet-container')?.scrollIntoView({ block: 'center' }));
    // The dialog and its backdrop cover the map: none of Leaflet's layers shows through.
    for (const layer of [popup, page.locator('.leaflet-control-zoom-in'), page.locator('.leaflet-marker-icon').first()]) {
      expect(await hitsInside(layer, '.leaflet-container')).toBe(false);
    }
    await expectAccessible(page);

    // A member's map has no such note (once the session has answered).
    await member.goto(`/?type=fruit&q=${token}&view=map`);
    await member.getByRole('button', { name: 'Profile menu' }).waitFor();
    await member.getByText(/posts? with a location in this area/).waitFor();
    await member.locator('.leaflet-marker-icon').first().waitFor();
    expect(await member.getByText('The bubbles show roughly where posts are.').count()).toBe(0);

    // Filters that leave the map empty can be cleared from it.
    await member.goto(`/?type=fruit&q=nothing${token}&view=map`);
    await member.getByText('No posts in this area match these filters').waitFor();
    await member.getByRole('region', { name: 'Map of posts' }).getByRole('button', { name: 'Clear All Filters' }).click();
    await member.waitForURL((url) => !url.search.includes('q='));
    expect(member.url()).toContain('view=map');
    // The button has gone with the filters: focus is in the search box, not on the page.
    expect(await member.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
  });

  /**
   * A member's one post on the map, searched by a word of its own, opened from its pin's popup, its
   * owner's menu open; `maps` gathers the map requests.
   */
  async function ownPinMenu(name: string) {
    const owner = await newPage(ctx.browser, { width: 1280 });
    await registerViaApi(owner);
    const token = uniqueToken();
    const title = `${name} ${token}`;
    await createPosts(owner, [{ title, latitude: TORONTO.latitude, longitude: TORONTO.longitude }]);
    const maps: string[] = [];
    owner.on('request', (r: Request) => {
      if (new URL(r.url()).pathname === '/api/posts/map') maps.push(r.url());
    });
    await owner.goto(`/?type=fruit&q=${token}&view=map`);
    const pin = owner.getByRole('button', { name: title });
    await pin.dispatchEvent('click');
    await owner.locator('.leaflet-popup').getByRole('button', { name: 'View Details' }).click();
    const details = owner.getByRole('dialog', { name: 'Post details' });
    await details.getByRole('button', { name: `Manage ${title}` }).click();
    return { owner, pin, details, maps };
  }

  it('takes a post deleted from its pin off the map at once, where the map stands', async () => {
    const { owner, pin, details, maps } = await ownPinMenu('Windfall apples');
    await owner.getByRole('menuitem', { name: 'Delete post' }).click();
    const asked = maps.length;
    await owner.getByRole('alertdialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete' }).click();
    await details.waitFor({ state: 'detached' });
    await pin.waitFor({ state: 'detached' });
    // From the cache, not a new answer: the map has not moved, nor been asked again.
    await owner.getByText('No posts in this area match these filters').waitFor();
    expect(maps.length).toBe(asked);
  });

  it('asks the map on screen again after an edit from its pin, which may take the post out of its filters', async () => {
    const { owner, pin, details } = await ownPinMenu('Crab apples');
    await owner.getByRole('menuitem', { name: 'Edit post' }).click();
    const edit = owner.getByRole('dialog', { name: 'Edit Post' });
    await edit.getByLabel('Title').fill('Crab apples, a few left');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    // Its new title no longer has the searched word: the map asked again has no pin for it.
    await owner.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    await owner.getByText('No posts in this area match these filters').waitFor();
    await pin.waitFor({ state: 'detached' });
  });

  it('says so over the map while its street tiles fail, and no more once they load', async () => {
    const page = await newPage(ctx.browser, { width: 390 });
    await page.route(/^https:\/\/[a-c]\.tile\.openstreetmap\.org\//, (route) => route.abort('internetdisconnected'));
    await page.goto('/?view=map');
    const note = page.getByRole('region', { name: 'Map of posts' }).getByText(TILES_FAILED_TEXT);
    await note.waitFor();
    await snap(page, 'map-tiles-failed');
    await expectAccessible(page);
    // Back online (the harness's blank tiles): the next tiles that load take the note away.
    await page.unroute(/^https:\/\/[a-c]\.tile\.openstreetmap\.org\//);
    await page.locator('.leaflet-control-zoom-in').click();
    await note.waitFor({ state: 'detached' });
  });
});
