import { describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { newPage, registerViaApi, useBrowser } from './harness';
import { createPosts, uniqueToken } from './posts-helpers';

describe('the list past its first page', () => {
  const ctx = useBrowser();

  it('loads the next page on scroll, and by keyboard hands focus to the first new post', async () => {
    const page = await newPage(ctx.browser, { width: 1280 });
    await registerViaApi(page);
    const token = uniqueToken();
    // 25 posts: a first page of 20 and a second of 5, newest first.
    await createPosts(
      page,
      Array.from({ length: 25 }, (_, n) => ({ title: `Crabapples ${token} ${String(n).padStart(2, '0')}` })),
    );
    // The second page is held back a moment, as on a slow network.
    await page.route(/\/api\/posts\?.*cursor=/, async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });

    await page.goto(`/?q=${token}`);
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(20);
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.waitFor();

    // By keyboard: the button keeps focus while the page loads (no jump to the footer), then
    // focus goes to the first new post, the 21st card.
    await loadMore.focus();
    await page.keyboard.press('Enter');
    const loading = page.getByRole('button', { name: 'Loading more...' });
    await loading.waitFor();
    expect(await loading.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => cards.count()).toBe(25);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const card = document.activeElement?.closest('[role="article"]');
          return document.getElementById(card?.getAttribute('aria-labelledby') ?? '')?.textContent ?? null;
        }),
      )
      .toBe(`Crabapples ${token} 04`);
    // The last page came: no button is left.
    expect(await page.getByRole('button', { name: /Load more|Loading more/ }).count()).toBe(0);

    // By scrolling: the next page comes without a click.
    await page.goto(`/?q=${token}`);
    await expect.poll(() => cards.count()).toBe(20);
    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => cards.count()).toBe(25);
  });
});
