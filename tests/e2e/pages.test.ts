import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BASE_URL, expectAccessible, newPage, registerViaApi, snap, useBrowser } from './harness';
import { createPosts, uniqueToken } from './posts-helpers';
import { REMEMBERED_KEYS } from '../../src/web/features/community/remembered';

/**
 * The pages as the built app serves them (docs/decisions/0088): their words in the first answer,
 * then hydrated by the browser without a mismatch; the local pages' live parts; the 404 screen.
 */

/** Errors the page reports (a hydration mismatch among them): console errors and uncaught ones. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Whether React has taken over the prerendered HTML: a link then navigates without loading a page. */
async function expectHydrated(page: Page, linkName: string, to: string): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __samePage: true }));
  await page.getByRole('contentinfo').getByRole('link', { name: linkName, exact: true }).click();
  await page.waitForURL(`**${to}`);
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
}

const ctx = useBrowser();

const totalOf = async (query: string) =>
  Number((await fetch(`${BASE_URL}/api/posts?${query}`)).headers.get('x-total-count'));

describe('the pages without JavaScript (curl)', () => {
  it('/scarborough has its text, its title and og: tags; /no-such-page answers 404 with the 404 screen', async () => {
    const local = await fetch(`${BASE_URL}/scarborough`);
    expect(local.status).toBe(200);
    const html = await local.text();
    expect(html).toContain(
      '<title>Free fruit, firewood and skids in Scarborough | Free Fruit, Firewood &amp; Skids</title>',
    );
    expect(html).toContain('Scarborough has some of the biggest backyards in Toronto');
    expect(html).toMatch(/<meta property="og:title" content="Free fruit, firewood and skids in Scarborough/);
    expect(html).toMatch(/<meta property="og:url" content="http:\/\/127\.0\.0\.1:\d+\/scarborough"/);

    const missing = await fetch(`${BASE_URL}/no-such-page`);
    expect(missing.status).toBe(404);
    const text = await missing.text();
    expect(text).toContain('404 Page Not Found');
    expect(text).toContain('Did you forget to add the page to the router?');

    const sitemap = await (await fetch(`${BASE_URL}/sitemap.xml`)).text();
    for (const slug of ['scarborough', 'north-york', 'etobicoke'])
      expect(sitemap).toContain(`/${slug}</loc>`);
  });

  it("/?post=ID carries the post's og:title, and not its street", async () => {
    const member = await newPage(ctx.browser, { width: 390 });
    await registerViaApi(member);
    const title = `Quinces ${uniqueToken()}`;
    const [id] = await createPosts(member, [{ title, address: '9 Hidden Crescent, Etobicoke' }]);
    const html = await (await fetch(`${BASE_URL}/?post=${id}`)).text();
    expect(html).toContain(
      `<meta property="og:title" content="${title} | Free Fruit, Firewood &amp; Skids" />`,
    );
    expect(html).toContain(
      '<meta property="og:description" content="Free fruit in Etobicoke, shared by a neighbour. Pick it up for free." />',
    );
    expect(html).not.toContain('Hidden Crescent');
    await member.context().close();
  });
});

describe('a local page in the browser', () => {
  it('hydrates without errors, shows the live count and the newest posts of the area, and the footer', async () => {
    const member = await newPage(ctx.browser, { width: 1280 });
    await registerViaApi(member);
    const token = uniqueToken();
    await createPosts(
      member,
      [1, 2, 3].map((n) => ({ title: `Cherries ${token} ${n}`, address: `${n} Example Ave, North York` })),
    );

    // A guest: the words at once, then the count and the first post with the free preview card.
    const guest = await newPage(ctx.browser, { width: 390 });
    const errors = collectErrors(guest);
    const response = await guest.goto('/north-york');
    expect(response?.status()).toBe(200);
    await guest
      .getByRole('heading', { level: 1, name: 'Free fruit, firewood and skids in North York' })
      .waitFor();
    const total = await totalOf('q=North+York');
    expect(total).toBeGreaterThanOrEqual(3);
    await guest.getByText(`${total} posts shared in North York right now`).waitFor();
    await guest.getByRole('heading', { name: `Cherries ${token} 3` }).waitFor();
    expect(await guest.getByRole('article').count()).toBe(1);
    await guest.getByRole('heading', { name: "That's your free preview!" }).waitFor();
    // Its trial offer comes back to this page, not to the home page (0132).
    expect(await guest.getByRole('link', { name: /^or start a free \d+-day trial$/ }).getAttribute('href')).toBe('/register?redirect=%2Fnorth-york');

    const footer = guest.getByRole('contentinfo');
    for (const name of ['Scarborough', 'North York', 'Etobicoke', 'All posts', 'Privacy', 'Terms of use']) {
      await footer.getByRole('link', { name, exact: true }).waitFor();
    }
    await footer.getByText('Coming Soon').waitFor();
    expect(await footer.getByRole('link', { name: 'Mississauga' }).count()).toBe(0);
    expect(await footer.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe(
      'https://www.instagram.com/freefruit.example/',
    );
    expect(await guest.getByRole('link', { name: 'Post something free' }).getAttribute('href')).toBe(
      '/?create=1',
    );
    expect(await guest.title()).toBe(
      'Free fruit, firewood and skids in North York | Free Fruit, Firewood & Skids',
    );

    await expectAccessible(guest);
    await snap(guest, 'local-north-york-guest');
    expect(errors).toEqual([]);
    // 'Post something free' does for a guest what Upload does: it offers access first (0150).
    await guest.getByRole('link', { name: 'Post something free' }).click();
    await guest.getByRole('dialog', { name: 'Post Access Required' }).waitFor();
    await guest.keyboard.press('Escape');
    expect(new URL(guest.url()).searchParams.get('create')).toBeNull();
    await guest.goto('/north-york');
    await expectHydrated(guest, 'Etobicoke', '/etobicoke');
    await guest
      .getByRole('heading', { level: 1, name: 'Free fruit, firewood and skids in Etobicoke' })
      .waitFor();

    // A member sees up to six of the newest, in full.
    const errorsOfMember = collectErrors(member);
    await member.goto('/north-york');
    await member.getByRole('heading', { name: `Cherries ${token} 1` }).waitFor();
    const shown = await member.getByRole('article').count();
    expect(shown).toBe(Math.min(6, total));
    await snap(member, 'local-north-york-member');
    expect(errorsOfMember).toEqual([]);
  });

  it('the home page hydrates its prerendered HTML without errors', async () => {
    const page = await newPage(ctx.browser, { width: 390 });
    const errors = collectErrors(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectHydrated(page, 'Scarborough', '/scarborough');
    await page.getByText(/posts? shared in Scarborough right now/).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('a returning device', () => {
  it('hydrates the prerendered home page without errors when it dismissed the banners and last saw a member', async () => {
    const page = await newPage(ctx.browser, { width: 1280 });
    await page.addInitScript(
      (keys) => {
        for (const key of keys) localStorage.setItem(key, '1');
      },
      [REMEMBERED_KEYS.welcome, REMEMBERED_KEYS.marketing, REMEMBERED_KEYS.member],
    );
    const errors = collectErrors(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    // In the HTML as the build made it; gone once React has read the device.
    await page.getByRole('region', { name: 'Welcome, neighbour!' }).waitFor({ state: 'detached' });
    await expectHydrated(page, 'Scarborough', '/scarborough');
    expect(errors).toEqual([]);
  });
});

describe("a shared post's link", () => {
  it('hydrates the prerendered home page without errors, then opens the post', async () => {
    const member = await newPage(ctx.browser, { width: 390 });
    await registerViaApi(member);
    const title = `Split maple ${uniqueToken()}`;
    const [id] = await createPosts(member, [{ title, type: 'firewood', address: '4 Orchard Lane, Scarborough' }]);
    const errors = collectErrors(member);
    await member.goto(`/?post=${id}`);
    await member
      .getByRole('dialog', { name: 'Post details' })
      .getByRole('heading', { name: title })
      .waitFor();
    // The post names the page while open; the list behind it is of its type (0132).
    await expect.poll(() => member.title()).toMatch(new RegExp(`^${title} \\|`));
    await expect.poll(() => new URL(member.url()).searchParams.get('type')).toBe('firewood');
    await member.keyboard.press('Escape');
    // Closed, the focus is on the page's main region, not lost at its start, and the title is the page's again.
    await expect.poll(() => member.evaluate(() => document.activeElement?.id)).toBe('main');
    await expect.poll(() => member.title()).not.toMatch(new RegExp(`^${title}`));
    await member.locator('a[aria-current="page"]').filter({ hasText: 'Firewood' }).waitFor();
    await expectHydrated(member, 'Scarborough', '/scarborough');
    expect(errors).toEqual([]);
    await member.context().close();
  });
});

describe('/subscribe', () => {
  it('hydrates its prerendered HTML without errors, for a guest and for a member, then shows the plans', async () => {
    const guest = await newPage(ctx.browser, { width: 390 });
    const member = await newPage(ctx.browser, { width: 390 });
    await registerViaApi(member);
    for (const page of [guest, member]) {
      const errors = collectErrors(page);
      await page.goto('/subscribe?plan=day');
      await page.getByRole('heading', { level: 1, name: 'Plans and access' }).waitFor();
      await page.getByRole('heading', { name: '24-Hour Access' }).waitFor();
      await page.waitForLoadState('networkidle');
      await expectHydrated(page, 'All posts', '/');
      expect(errors).toEqual([]);
    }
    await member.context().close();
  });

  it("keeps its prerendered page when the session answers before the screen's code arrives", async () => {
    const page = await newPage(ctx.browser, { width: 390 });
    const errors = collectErrors(page);
    // The screen's chunk comes a second late; the session's answer before it.
    await page.route('**/assets/subscribe-page-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () =>
        document.querySelector('h1')?.setAttribute('data-first', ''),
      ),
    );
    await page.goto('/subscribe');
    await page.getByRole('heading', { name: '24-Hour Access' }).waitFor();
    // The heading the server sent is the one shown: React hydrated it rather than drawing it anew.
    expect(await page.locator('h1[data-first]').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe('the 404 screen', () => {
  it("answers 404 with spec's screen, hydrated, naming the path", async () => {
    const page = await newPage(ctx.browser, { width: 390 });
    const errors = collectErrors(page);
    const response = await page.goto('/no-such-page?x=1');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    await page.getByText('/no-such-page', { exact: true }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
    await snap(page, 'not-found');
    // Without a mismatch: a 404 for the browser's own reasons (the page's status) is not one.
    expect(errors.filter((e) => !e.includes('404 (Not Found)'))).toEqual([]);
    await expectHydrated(page, 'All posts', '/');
  });
});
