import { describe, expect, inject, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import type { SessionView } from '../../src/domain/auth';
import { BASE_URL, expectAccessible, newPage, registerViaApi, snap, spillsOut, useBrowser, WIDTHS } from './harness';
import { openBellLive } from './messages-helpers';
import { createPosts, uniqueToken } from './posts-helpers';

const isSession = (url: URL) => url.pathname === '/api/session';

/** Answers GET /api/session with the server's answer changed by `change`. */
async function changeSession(page: Page, change: (view: SessionView) => SessionView): Promise<void> {
  await page.route(isSession, async (route: Route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: change((await response.json()) as SessionView) });
  });
}

describe('the session on the web', () => {
  const ctx = useBrowser();

  it("loads a guest's home page with no error in the console and no failed request", async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    const problems: string[] = [];
    const asked: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    page.on('requestfailed', (request) =>
      problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`),
    );
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
    });
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));

    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    // The one session check answers a guest with 200; the spec's /api/auth/me (401) is not asked.
    expect(asked.filter((path) => path === '/api/session')).toHaveLength(1);
    expect(asked).not.toContain('/api/auth/me');
    await snap(page, 'home-guest');
  });

  it('/subscribe asks for each of its first answers once, from its HTML: the app takes what was preloaded', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    const asked: Array<{ path: string; by: string }> = [];
    const warnings: string[] = [];
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', ({ request, initiator }) =>
      asked.push({ path: new URL(request.url).pathname, by: initiator.type }),
    );
    page.on('console', (message) => {
      if (message.type() !== 'log' && /preload/i.test(message.text())) warnings.push(message.text());
    });
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Get Free Access' }).waitFor();
    await page.waitForLoadState('networkidle');
    for (const url of ['/api/session', '/api/payments/config', '/api/payments/receipts']) {
      // Asked by the HTML's link ('parser'), and not again by the app's script.
      expect(asked.filter(({ path }) => path === url), url).toEqual([{ path: url, by: 'parser' }]);
    }
    expect(warnings).toEqual([]);
  });

  it('falls back to the free preview when a pass ends while the page is open, without a reload', async () => {
    const member = await newPage(ctx.browser);
    await registerViaApi(member);
    const token = uniqueToken();
    await createPosts(
      member,
      [1, 2].map((n) => ({ title: `Quinces ${token} ${n}` })),
    );

    // A guest holding a day pass that ends in an hour (the server itself still gates this guest,
    // so the list holds the first post only; the screens go by the session).
    const page = await newPage(ctx.browser, { width: WIDTHS.desktop });
    await page.clock.install();
    const endsAt = new Date(Date.now() + 3_600_000).toISOString();
    const startsAt = new Date(Date.now() - 3_600_000).toISOString();
    await changeSession(page, (view) => ({ ...view, grants: [{ kind: 'day', startsAt, endsAt }] }));
    await page.goto(`/?q=${token}`);
    const card = page.getByRole('article');
    await card.getByRole('heading', { name: `Quinces ${token} 2` }).waitFor();
    await card.getByRole('button', { name: 'Be the first to comment' }).waitFor();
    const preview = page.getByRole('heading', { name: "That's your free preview!" });
    expect(await preview.count()).toBe(0);
    await page.evaluate(() => Object.assign(window, { samePage: true }));

    await page.clock.fastForward('01:00:01');
    await preview.waitFor();
    await page.getByText('There is 1 more fruit post waiting.', { exact: false }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    await member.context().close();
    await page.context().close();
  });

  it('tells a member whose trial has ended so, and offers them the Kindness Button, not a trial (0150)', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await registerViaApi(page);
    await createPosts(page, [{ title: `Medlars ${uniqueToken()}` }]);
    // The screens go by the session: the trial it names ended an hour ago.
    const startsAt = new Date(Date.now() - 8 * 86_400_000).toISOString();
    const endsAt = new Date(Date.now() - 3_600_000).toISOString();
    await changeSession(page, (view) => ({ ...view, grants: [{ kind: 'trial', startsAt, endsAt }] }));
    // And the list as the server answers one without access: the first post, and how many more.
    await page.route(
      (url) => url.pathname === '/api/posts',
      async (route: Route) => {
        const response = await route.fetch();
        const { link: _next, ...headers } = response.headers();
        const posts = (await response.json()) as unknown[];
        await route.fulfill({ response, json: posts.slice(0, 1), headers: { ...headers, 'x-total-count': String(posts.length + 2) } });
      },
    );
    await page.goto('/');
    await page.getByRole('heading', { name: "That's your free preview!" }).waitFor();
    await page.getByText(/^Your 7-day trial has ended\. There are \d+ more fruit posts waiting\./).waitFor();
    // The card keeps its links inside it on the narrowest phone.
    const card = page
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: "That's your free preview!" }) })
      .filter({ has: page.getByRole('link', { name: 'or take 24 hours free: the Kindness Button' }) })
      .last();
    for (const width of [320, WIDTHS.mobile]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await spillsOut(card), `${width} px`).toEqual([]);
    }
    await snap(page, 'trial-ended-card');
    expect(await page.getByRole('link', { name: /start a free 7-day trial/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'or take 24 hours free: the Kindness Button' }).first().click();
    await page.waitForURL((url) => url.pathname === '/subscribe' && url.searchParams.get('plan') === 'kindness');
    const kindness = page.locator('#plan-kindness');
    await kindness.getByRole('heading', { name: 'Kindness Button' }).waitFor();
    await expect.poll(() => kindness.evaluate((card) => card.getBoundingClientRect().top >= 0 && card.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    await snap(page, 'trial-ended-kindness');
    await page.context().close();
  });

  it("lets the page ask for the viewer's location, and keeps the camera, the microphone and payment away from it (Permissions-Policy)", async () => {
    const page = await newPage(ctx.browser, { permissions: ['geolocation'], geolocation: { latitude: 43.77, longitude: -79.23 } });
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    const where = await page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          navigator.geolocation.getCurrentPosition(
            (p) => resolve(`${p.coords.latitude},${p.coords.longitude}`),
            (error) => resolve(`refused ${error.code}`),
          ),
        ),
    );
    expect(where).toBe('43.77,-79.23');
    const allowed = await page.evaluate(() => {
      const policy = (document as unknown as { featurePolicy?: { allowsFeature(name: string): boolean } }).featurePolicy;
      return policy && Object.fromEntries(['geolocation', 'camera', 'microphone', 'payment', 'clipboard-write'].map((f) => [f, policy.allowsFeature(f)]));
    });
    expect(allowed).toEqual({ geolocation: true, camera: false, microphone: false, payment: false, 'clipboard-write': true });
    await page.context().close();
  });

  it('sends none of a member’s calls for a session that ended elsewhere, neither when told nor after a reload', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.desktop });
    await registerViaApi(page);
    await page.goto('/');
    // The bell's list open: its live socket is up, and the admin figures, inbox and bell are asked.
    await openBellLive(page);
    await page.keyboard.press('Escape');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => Object.assign(window, { memberDocument: true }));
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
    });

    // Signed out elsewhere: the same session ended from another browser window.
    const elsewhere = await ctx.browser.newContext({ baseURL: BASE_URL, storageState: await page.context().storageState() });
    const signOut = await elsewhere.request.post('/api/auth/logout', { headers: { Origin: BASE_URL } });
    expect(signOut.status()).toBe(204);
    await elsewhere.close();

    // The live socket is closed by the server; the page asks the session, then loads again as a
    // new document, a guest's, keeping nothing of the member's (0113).
    await page.waitForFunction(() => !('memberDocument' in window));
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.reload();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
    await page.context().close();
  });

  it("offers to follow the product's Instagram account only when the server has one", async () => {
    const member = await newPage(ctx.browser);
    await registerViaApi(member);
    const token = uniqueToken();
    const title = `Medlars ${token}`;
    await createPosts(member, [{ title }]);

    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await page.goto(`/?q=${token}`);
    await page
      .getByRole('article')
      .getByRole('button', { name: `Share ${title}` })
      .click();
    const follow = page.getByRole('menuitem', { name: 'Follow us on Instagram' });
    expect(await follow.getAttribute('href')).toBe(inject('instagramURL'));
    expect(await follow.getAttribute('target')).toBe('_blank');
    await expectAccessible(page);
    await snap(page, 'share-menu');

    const without = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await changeSession(without, (view) => ({ ...view, links: { instagram: null } }));
    await without.goto(`/?q=${token}`);
    await without
      .getByRole('article')
      .getByRole('button', { name: `Share ${title}` })
      .click();
    await without.getByRole('menuitem', { name: 'Copy Link' }).waitFor();
    expect(await without.getByRole('menuitem', { name: 'Follow us on Instagram' }).count()).toBe(0);
    expect(await without.getByRole('separator').count()).toBe(0);
    for (const open of [member, page, without]) await open.context().close();
  });
});
