import { describe, expect, it } from 'vitest';
import { expectAccessible, expectToast, newPage, registerViaApi, snap, toastRegion, uniqueUser, useBrowser } from './harness';
import { createPosts, uniqueToken } from './posts-helpers';

describe('a guest on the home page', () => {
  const ctx = useBrowser();

  it('sees the first post and the free preview card with the count of the others', async () => {
    const member = await newPage(ctx.browser, { width: 1280 });
    await registerViaApi(member);
    const token = uniqueToken();
    await createPosts(
      member,
      [1, 2, 3].map((n) => ({ title: `Pears ${token} ${n}`, quantity: 'plenty' })),
    );

    const page = await newPage(ctx.browser, { width: 390 });
    await page.goto(`/?type=fruit&q=${token}`);
    await page.getByRole('heading', { name: "That's your free preview!" }).waitFor();

    expect(await page.getByRole('article').count()).toBe(1);
    await page
      .getByRole('article')
      .getByRole('heading', { name: `Pears ${token} 3` })
      .waitFor();
    await page.getByText('There are 2 more fruit posts waiting.', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: /24-hour pass/ }).getAttribute('href')).toBe(
      '/subscribe?plan=day',
    );
    expect(await page.getByRole('link', { name: /Lifetime access/ }).getAttribute('href')).toBe(
      '/subscribe?plan=lifetime',
    );

    await expectAccessible(page);
    await snap(page, 'home-guest-preview');

    // The heart asks a guest to sign in, and its toast leads there and back.
    await page.getByRole('button', { name: `Favorite Pears ${token} 3` }).click();
    await expectToast(page, 'Sign in to save favorites');
    await snap(page, 'home-guest-heart');
    await toastRegion(page).getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/login?**');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/?type=fruit&q=${token}`);
  });

  it('is told that nothing matches a search that finds nothing, with the access offer after it (docs/decisions/0107)', async () => {
    const page = await newPage(ctx.browser, { width: 390 });
    const token = uniqueToken();
    await page.goto(`/?type=fruit&q=${token}`);
    await page.getByRole('heading', { name: 'No fruit posts match these filters' }).waitFor();
    await page.getByText('Try other words or clear the search.', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'See every post near you' }).count()).toBe(0);
    // The offer follows, as a note below.
    const note = page.getByText('See every post near you.', { exact: true });
    const [empty, offer] = [await page.getByRole('heading', { name: 'No fruit posts match these filters' }).boundingBox(), await note.boundingBox()];
    expect(offer!.y).toBeGreaterThan(empty!.y);
    expect(await page.getByRole('link', { name: /24-hour pass/ }).getAttribute('href')).toBe('/subscribe?plan=day');
    await expectAccessible(page);
    await snap(page, 'home-guest-no-match');
  });

  it("says 'Copy failed' when the clipboard refuses, and shares no street address", async () => {
    const member = await newPage(ctx.browser, { width: 1280 });
    await registerViaApi(member);
    const token = uniqueToken();
    const title = `Apricots ${token}`;
    await createPosts(member, [{ title, address: '77 Secret Lane, Toronto' }]);

    const page = await newPage(ctx.browser, { width: 1280 });
    await page.addInitScript(() => {
      const opened: string[] = [];
      const shared: ShareData[] = [];
      Object.assign(window, { __opened: opened, __shared: shared });
      navigator.share = (data?: ShareData) => {
        shared.push(data ?? {});
        return Promise.resolve();
      };
      window.open = (url?: string | URL) => {
        opened.push(String(url));
        return null;
      };
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: {
          writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
        },
      });
    });
    await page.goto(`/?q=${token}`);
    const share = page.getByRole('article').getByRole('button', { name: `Share ${title}` });

    await share.click();
    await page.getByRole('menuitem', { name: 'Copy Link' }).click();
    await expectToast(page, 'Copy failed');
    await expectToast(page, 'Please copy the link manually.');

    await share.click();
    await page.getByRole('menuitem', { name: 'Share on Twitter' }).click();
    const opened = await page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);
    expect(opened).toHaveLength(1);
    const intent = new URL(opened[0]!);
    expect(intent.searchParams.get('text')).toBe(`Free fruit: ${title}`);
    expect(intent.searchParams.get('url')).toMatch(/\/\?post=[0-9a-f-]{36}$/);
    expect(opened[0]).not.toContain('Secret');

    // Spec §9 Share: native share, Instagram, Twitter, Facebook and Copy Link, each with the post's link.
    await share.click();
    // (Then 'Follow us on Instagram' when the server has the account, docs/decisions/0073.)
    expect((await page.getByRole('menuitem').allInnerTexts()).slice(0, 5)).toEqual([
      'Share with Friends',
      'Share on Instagram Story',
      'Share on Twitter',
      'Share on Facebook',
      'Copy Link',
    ]);
    await page.getByRole('menuitem', { name: 'Share on Facebook' }).click();
    const facebook = new URL((await page.evaluate(() => (window as unknown as { __opened: string[] }).__opened))[1]!);
    expect(facebook.host).toBe('www.facebook.com');
    expect(facebook.searchParams.get('u')).toBe(intent.searchParams.get('url'));
    await share.click();
    await page.getByRole('menuitem', { name: 'Share with Friends' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared.map((d) => d.url)))
      .toEqual([intent.searchParams.get('url')]);
  });

  it("is offered the access dialog when it tries to post; its Sign In tab comes back with the form open", async () => {
    const page = await newPage(ctx.browser, { width: 390 });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Post type' }).getByRole('link', { name: 'Firewood' }).click();
    await page.getByRole('button', { name: 'Upload FREE (No Signup)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post Access Required' });
    await dialog.getByRole('tab', { name: 'Sign In' }).click();
    const back = encodeURIComponent('/?type=firewood&create=1');
    expect(await dialog.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(`/login?redirect=${back}`);
    await dialog.getByRole('link', { name: 'Create Free Account' }).click();
    await page.waitForURL(`**/register?redirect=${back}`);

    // Registered, the guest is back where they were, with the form open.
    const user = uniqueUser();
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.getByRole('dialog', { name: 'Add New Firewood Post' }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('?type=firewood');
  });
});
