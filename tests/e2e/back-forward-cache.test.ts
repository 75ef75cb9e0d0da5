import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, registerViaApi, uniqueUser, useBrowser } from './harness';

// The browser's back/forward cache on, as in people's browsers (docs/decisions/0113).
const ctx = useBrowser({ backForwardCache: true });

const marked = (page: Page) => page.evaluate(() => 'keptDocument' in window);

describe('the back/forward cache after a member leaves the tab (0113)', () => {
  it('restores a page whole when no member has left since, and loads it again when one has', async () => {
    const page = await newPage(ctx.browser);
    const header = page.getByRole('banner');

    // A guest's page, left for another and come back to: the browser restores it whole.
    // (Once its requests have answered: the browser keeps no page with one under way.)
    await page.goto('/');
    await header.getByRole('link', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => Object.assign(window, { keptDocument: true }));
    await page.goto('/subscribe');
    await page.goBack({ waitUntil: 'commit' });
    await header.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await marked(page)).toBe(true);

    // From it, the sign-in page; a member signs in there and signs out: a member left the tab.
    const user = uniqueUser('bfcache');
    const elsewhere = await newPage(ctx.browser);
    await registerViaApi(elsewhere, user);
    await elsewhere.context().close();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await header.getByText(user.username).waitFor();
    await header.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await header.getByRole('link', { name: 'Sign In' }).waitFor();

    // Back to the member's page (loaded anew: a page with a live socket is not kept), then back
    // to the first page: the cache has it, but it was shown before a member left, so it is
    // loaded again rather than shown as it was.
    await page.goBack({ waitUntil: 'commit' });
    await header.getByRole('link', { name: 'Sign In' }).waitFor();
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForFunction(() => !('keptDocument' in window));
    await header.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });
});
