import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  BASE_URL,
  cutShort,
  expectAccessible,
  newPage,
  registerViaApi,
  signInViaApi,
  snap,
  spillsOut,
  uniqueUser,
  useBrowser,
  WIDTHS,
} from './harness';
import { createPosts, uniqueToken } from './posts-helpers';

/**
 * The home page's cards (issue 20; DECISIONS 10, 27; docs/decisions/0086, 0087) and /marketing
 * (DECISIONS 28): a guest's welcome, stats, trending and popular locations, a member's views and
 * impact, and an admin's campaign link counted through a visit and a registration.
 */
describe('the home page comes alive', () => {
  const ctx = useBrowser();

  /** Waits until the kept figures (worked out every 30 s, a body kept 15 s) show what the test made. */
  async function untilCommunity(page: Page, check: (body: { trending: { fruit: Array<{ id: string }> }; popularAreas: Array<{ area: string }> }) => boolean) {
    await expect
      .poll(async () => check(await (await page.request.get('/api/community')).json()), { timeout: 75_000, interval: 2_000 })
      .toBe(true);
  }

  /** The page's cumulative layout shift so far, once the list and the cards have loaded (shifts after input excluded). */
  async function layoutShift(page: Page): Promise<number> {
    await page.getByRole('article').first().waitFor();
    await page.waitForTimeout(1_500);
    return page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
              if (!entry.hadRecentInput) total += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 100);
        }),
    );
  }

  it('shows a guest the cards, counts views and filters by a popular area; a member sees their dashboard and impact', async () => {
    const town = `Humberwood${uniqueToken().replace(/[^a-z]/gi, '').slice(0, 5)}`;
    const owner = await newPage(ctx.browser, { width: WIDTHS.desktop });
    await registerViaApi(owner);
    const [apples, pears] = await createPosts(owner, [
      { title: `Apples ${town}`, address: `12 Oak Ave, ${town}` },
      { title: `Pears ${town}`, address: `14 Oak Ave, ${town}` },
      { title: `Plums ${town}`, address: `16 Oak Ave, ${town}` },
      { title: `Cherries elsewhere ${town.slice(-5)}`, address: '3 Side St, Faraway' },
    ]);

    // A guest: the welcome banner, dismissed, stays dismissed after a reload.
    const guest = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await guest.goto('/');
    const welcome = guest.getByRole('region', { name: 'Welcome, neighbour!' });
    await welcome.waitFor();
    await guest.getByRole('region', { name: 'Our community so far' }).getByText('estimated', { exact: true }).waitFor();
    await guest.getByText('Estimated: 12 lbs for each post given away').waitFor();
    await snap(guest, 'home-guest-welcome');
    await guest.getByRole('button', { name: 'Dismiss the welcome' }).click();
    await welcome.waitFor({ state: 'detached' });
    await guest.reload();
    await guest.getByRole('region', { name: 'Our community so far' }).waitFor();
    expect(await welcome.count()).toBe(0);
    expect(await layoutShift(guest)).toBeLessThanOrEqual(0.05);

    // A card without a photo is drawn, not an emoji; the first card seen for 2 s is a view, sent in a batch.
    const firstCard = guest.getByRole('article').first();
    await firstCard.scrollIntoViewIfNeeded();
    await firstCard.getByRole('img', { name: 'Fruit drawing (no photo)' }).waitFor();
    const views = await guest.waitForRequest((req) => req.url().endsWith('/api/views') && req.method() === 'POST', { timeout: 20_000 });
    expect((views.postDataJSON() as { postIds: string[] }).postIds.length).toBeGreaterThan(0);

    // Views from two more people make Apples trend above Pears.
    for (const ids of [[apples!, pears!], [apples!]]) {
      const other = await newPage(ctx.browser);
      expect((await other.request.post('/api/views', { data: { postIds: ids }, headers: { Origin: new URL(guest.url()).origin } })).status()).toBe(200);
      await other.context().close();
    }
    await untilCommunity(guest, (c) => c.trending.fruit.some((t) => t.id === apples) && c.popularAreas.some((a) => a.area === town));
    await guest.reload();
    await guest.getByRole('button', { name: /Trending fresh fruit/ }).click();
    const trending = guest.locator('#trending-panel');
    await trending.getByText('Most views (once per person a day)', { exact: false }).or(guest.getByText(/views \(once per person a day\)/).first()).first().waitFor();
    const titles = await trending.locator('li button span.truncate.font-medium').allTextContents();
    expect(titles.length).toBeLessThanOrEqual(5);
    expect(titles.indexOf(`Apples ${town}`)).toBeLessThan(titles.indexOf(`Pears ${town}`));
    expect(titles.indexOf(`Pears ${town}`)).toBeGreaterThanOrEqual(0);

    // A popular area filters the list by it; never a street among them.
    const areas = guest.getByRole('region', { name: 'Popular locations' });
    expect((await areas.getByRole('button').allTextContents()).join(' ')).not.toMatch(/Oak Ave|Side St/);
    // The chips scroll in their row: however many areas there are, the page stays a phone's width
    // (wider, a phone zooms the page out and a dialog's scroll lock squeezes it: CLS 0.8).
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS.mobile);
    await expectAccessible(guest);
    await snap(guest, 'home-guest');
    await areas.getByRole('button', { name: new RegExp(town) }).click();
    await expect.poll(() => new URL(guest.url()).searchParams.get('q')).toBe(town);
    await expect.poll(() => areas.getByRole('button', { name: new RegExp(town) }).getAttribute('aria-pressed')).toBe('true');
    await guest.getByRole('searchbox').and(guest.locator(`[value="${town}"]`)).waitFor();

    // The owner: their views, the chart's ranges, their impact with formulas and badges.
    // A returning member (this device has seen them): nothing moves while their cards load.
    await owner.goto('/');
    await owner.getByRole('region', { name: 'Your views', exact: true }).waitFor();
    await owner.reload();
    expect(await layoutShift(owner)).toBeLessThanOrEqual(0.05);
    const dashboard = owner.getByRole('region', { name: 'Your views', exact: true });
    await dashboard.getByRole('img', { name: /Views of your posts, last 24 hours, most [3-9] views at/ }).waitFor();
    await dashboard.getByText(`Apples ${town}`).waitFor();
    await dashboard.getByRole('button', { name: '7d' }).click();
    await dashboard.getByRole('img', { name: /Views of your posts, last 7 days/ }).waitFor();
    const impact = owner.getByRole('region', { name: 'Your community impact' });
    await impact.getByText('Estimated: $2 for each estimated pound').waitFor();
    await impact.getByText('Estimated: 0.5 kg CO2e for each estimated pound').waitFor();
    await impact.getByText('First Share (earned)').waitFor();
    await impact.getByText('Give away 5 posts').waitFor();
    await expectAccessible(owner);
    await snap(owner, 'home-member');
  }, 150_000);

  it('never scrolls sideways on a phone (320 and 390 px), for a guest or a member', async () => {
    const guest = await newPage(ctx.browser, { width: 320 });
    const member = await newPage(ctx.browser, { width: 320 });
    await registerViaApi(member);
    // Two posts: a guest sees the first, then the preview card with its access buttons.
    await createPosts(member, [{ title: `Pears ${uniqueToken()}` }, { title: `Plums ${uniqueToken()}` }]);
    for (const page of [guest, member]) {
      await page.goto('/');
      await page.getByRole('article').first().waitFor();
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 800 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
      }
    }
  });

  it('shows How it Works whole on a phone: its four tabs and its text stay inside the dialog', async () => {
    const guest = await newPage(ctx.browser, { width: 320 });
    await guest.goto('/');
    const dialog = guest.getByRole('dialog', { name: 'How it Works' });
    for (const width of [320, 390]) {
      await guest.setViewportSize({ width, height: 800 });
      await guest.getByRole('button', { name: 'How it Works' }).click();
      await guest.getByRole('tab', { name: 'Benefits' }).waitFor();
      expect(await spillsOut(dialog), `${width} px`).toEqual([]);
      expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth), `${width} px`).toBeLessThanOrEqual(0);
      const box = (await dialog.boundingBox())!;
      for (const tab of await dialog.getByRole('tab').all()) {
        const { x, width: w } = (await tab.boundingBox())!;
        expect(x + w, `${await tab.textContent()} at ${width} px`).toBeLessThanOrEqual(box.x + box.width);
      }
      await guest.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
  });

  it("keeps a top post's views apart from the top searches beside it on a wide screen", async () => {
    const owner = await newPage(ctx.browser, { width: WIDTHS.desktop });
    await registerViaApi(owner);
    const title = `Apples from the old backyard tree ${uniqueToken()}`;
    const [id] = await createPosts(owner, [{ title }]);
    const viewer = await newPage(ctx.browser);
    const headers = { Origin: BASE_URL };
    expect((await viewer.request.post('/api/views', { data: { postIds: [id] }, headers })).status()).toBe(200);
    // A term shows once three searchers made it (0140): three visitors, each on a network of its own,
    // searching the region of the member's post (its address names Toronto, 0150).
    for (const searcher of [viewer, await newPage(ctx.browser), await newPage(ctx.browser)]) {
      expect((await searcher.request.post('/api/searches', { data: { query: 'alice', region: 'toronto' }, headers })).status()).toBe(204);
    }
    await owner.goto('/');
    const dashboard = owner.getByRole('region', { name: 'Your views', exact: true });
    const [posts, searches] = [dashboard.getByRole('list').first(), dashboard.getByRole('list').nth(1)];
    const figure = posts.getByRole('listitem').filter({ hasText: title }).locator('span').last();
    await figure.waitFor();
    const term = searches.getByRole('listitem').first().locator('span').first();
    // The long title is cut short: its '1 view' stays in its own list, clear of 'alice'.
    const [views, search, list] = await Promise.all([figure, term, posts].map((el) => el.boundingBox()));
    const right = (box: typeof views) => box!.x + box!.width;
    const bottom = (box: typeof views) => box!.y + box!.height;
    expect(right(views)).toBeLessThanOrEqual(right(list));
    const apart = right(views) <= search!.x || right(search) <= views!.x || bottom(views) <= search!.y || bottom(search) <= views!.y;
    expect(apart, `${JSON.stringify(views)} and ${JSON.stringify(search)}`).toBe(true);
  });

  it('lets an admin build a campaign link whose visit and registration the report counts', async () => {
    // Guests are sent to sign in, members who are not admins see 'Admins only'.
    const stranger = await newPage(ctx.browser);
    await stranger.goto('/marketing');
    await expect.poll(() => new URL(stranger.url()).pathname + new URL(stranger.url()).search).toBe('/login?redirect=%2Fmarketing');
    await registerViaApi(stranger);
    await stranger.goto('/marketing');
    await stranger.getByRole('heading', { name: 'Admins only' }).waitFor();

    const admin = await newPage(ctx.browser, { width: WIDTHS.desktop });
    await admin.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInViaApi(admin, inject('admins').marketing);
    await admin.goto('/marketing');
    await admin.getByRole('heading', { name: 'Marketing Command Center' }).waitFor();
    await admin.getByText('Setup Required').first().waitFor();
    expect(await admin.getByRole('radio', { name: /TikTok/ }).isDisabled()).toBe(true);
    await admin.getByText('Instagram', { exact: true }).first().click();
    await admin.getByText('DIYers / makers').click();
    const campaign = `spring-${uniqueToken().toLowerCase().replace(/[^a-z0-9]/g, '')}`;
    await admin.getByLabel('Campaign (utm_campaign)').fill(campaign);
    const link = await admin.getByLabel('Campaign link').inputValue();
    expect(new URL(link).search).toBe(`?utm_source=instagram&utm_medium=social&utm_campaign=${campaign}`);
    await admin.getByText(`See them and share your own: ${link}`).waitFor();
    await expectAccessible(admin);
    await snap(admin, 'marketing');
    // Nothing reaches past a phone's width (a long link wraps; the report's table scrolls in its own box).
    await admin.setViewportSize({ width: WIDTHS.mobile, height: 900 });
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS.mobile);
    // An admin's header icons leave the site's name no room on a phone: the logo alone, never "F…".
    const brand = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Free Fruit\s*Firewood & Skids$/ });
    expect(await cutShort(brand(admin))).toEqual([]);
    await admin.setViewportSize({ width: WIDTHS.desktop, height: 900 });

    // Someone follows the link in a browser of their own and registers.
    const visitor = await newPage(ctx.browser, { width: WIDTHS.mobile });
    const counted = visitor.waitForResponse((res) => res.url().endsWith('/api/visits'));
    await visitor.goto(link);
    expect((await counted).status()).toBe(200);
    expect(await cutShort(brand(visitor))).toEqual([]);
    await visitor.getByRole('banner').getByRole('link', { name: 'Start Free Trial', exact: true }).click();
    const user = uniqueUser('visitor');
    await visitor.getByLabel('Username').fill(user.username);
    await visitor.getByLabel('Email').fill(user.email);
    await visitor.getByLabel('Password').fill(user.password);
    await visitor.getByRole('button', { name: 'Start Free Trial' }).click();
    await visitor.waitForURL((url) => url.pathname === '/');

    await admin.reload();
    const row = admin.getByRole('row', { name: new RegExp(campaign) });
    await expect.poll(async () => (await row.getByRole('cell').allTextContents()).join('|')).toBe('instagram|social|1|1|0');
  }, 90_000);
});
