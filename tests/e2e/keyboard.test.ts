import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cardOf, hasFocus, messageViaApi } from './community-helpers';
import { expectToast, hitsInside, newPage, registerViaApi, toastRegion, uniqueUser, useBrowser, WIDTHS } from './harness';
import { createPosts, photo, uniqueToken } from './posts-helpers';

/**
 * A keyboard and screen-reader pass (docs/decisions/0134): where the focus goes when a screen
 * changes or a control leaves, what the list reads out, and the names that tell one card's buttons
 * from another's.
 */
const ctx = useBrowser();

/** What has the focus: its tag, and its name or text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName.toLowerCase(), name: el?.getAttribute('aria-label') ?? el?.textContent?.trim().slice(0, 60) };
  });

const focusInMain = (page: Page) => page.evaluate(() => document.getElementById('main')?.contains(document.activeElement) ?? false);

describe('keyboard and screen reader', () => {
  it('starts the focus on the new screen after a header link and a sign-in', async () => {
    const user = await registerViaApi(await newPage(ctx.browser), uniqueUser('keys'));
    const page = await newPage(ctx.browser, { width: WIDTHS.desktop });
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/login');
    // The login screen puts the focus in its form itself, or the screen's heading takes it.
    await expect.poll(() => focusInMain(page)).toBe(true);

    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => focusInMain(page)).toBe(true);
    expect((await focused(page)).tag).not.toBe('body');
    // The header settles on the member (the session asked again) before its link is used: a link
    // focused in the header it replaces is gone with it.
    await page.getByRole('banner').getByText(user.username).waitFor();

    // Focused and pressed in one step: the new screen's heading may still be taking the focus.
    await page.getByRole('banner').getByRole('link', { name: 'Favorites' }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/favorites');
    await expect.poll(() => focused(page)).toEqual({ tag: 'h1', name: 'My Favorites' });
  });

  it('leaves the focus where the visitor moved it while the new screen was being drawn (0149)', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.desktop });
    const user = await registerViaApi(page, uniqueUser('keysslow'));
    await page.goto('/favorites');
    await page.getByRole('heading', { level: 1, name: 'My Favorites' }).waitFor();
    await page.getByRole('banner').getByText(user.username).waitFor();
    // A slow phone: the home screen takes a while to draw.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });

    await page.getByRole('banner').getByRole('link', { name: 'Free Fruit' }).press('Enter');
    const messages = page.getByRole('banner').getByRole('link', { name: 'Messages' });
    await messages.focus();
    await page.getByRole('heading', { level: 1, name: /^Free fruit, firewood and skids/ }).waitFor();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // Drawn in a transition, after the focus had moved, the screen took it to its heading, and the
    // next key, meant for Messages, went there.
    expect(await focused(page)).toEqual({ tag: 'a', name: 'Messages' });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/messages');
  });

  it('starts the focus on the new screen going from one screen loaded on demand to another (0149)', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.desktop });
    // From the header: the focus was on the link pressed.
    await page.goto('/favorites');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => focused(page)).toEqual({ tag: 'h1', name: 'Welcome back' });
    // From inside the old screen: the focus was on a link that leaves with it.
    await page.getByRole('main').getByRole('link', { name: 'Create an account' }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/register');
    await expect.poll(() => focused(page)).toEqual({ tag: 'h1', name: 'Start your free trial' });
  });

  it('reads out that nothing matches, and keeps the focus when the welcome is dismissed', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await page.goto(`/?q=${uniqueToken()}`);
    await page.locator('[aria-live="polite"]', { hasText: 'No fruit posts match these filters' }).waitFor({ state: 'attached' });

    const dismiss = page.getByRole('button', { name: 'Dismiss the welcome' });
    await dismiss.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Welcome, neighbour!' }).waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).tag).not.toBe('body');
    // One name on every width for the trial link: 'Trial' alone says little read out.
    await page.getByRole('banner').getByRole('link', { name: 'Start Free Trial', exact: true }).waitFor();
  });

  it('names each card’s buttons after its post, and gives the focus back from a closed toast', async () => {
    const owner = await newPage(ctx.browser);
    await registerViaApi(owner, uniqueUser('ownerk'));
    const title = `Keyboard plums ${uniqueToken()}`;
    await createPosts(owner, [{ title }]);

    const page = await newPage(ctx.browser);
    await registerViaApi(page, uniqueUser('viewk'));
    await page.goto(`/?q=${encodeURIComponent(title)}`);
    const card = cardOf(page, title);
    await card.getByRole('button', { name: `Report post: ${title}`, exact: true }).waitFor();
    await card.getByRole('button', { name: `Be the first to comment on ${title}`, exact: true }).waitFor();
    await card.getByRole('button', { name: new RegExp(`^Message .+ about ${title}$`) }).waitFor();

    const share = card.getByRole('button', { name: `Share ${title}`, exact: true });
    await share.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Copy Link' }).waitFor();
    await page.keyboard.press('Enter');
    await toastRegion(page).getByRole('listitem').waitFor();
    await expect.poll(() => hasFocus(share)).toBe(true);
    await page.keyboard.press('F8');
    await expect.poll(() => toastRegion(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    // The toast, then its Close button.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => hasFocus(toastRegion(page).getByRole('button', { name: 'Close' }))).toBe(true);
    await page.keyboard.press('Enter');
    await toastRegion(page).getByRole('listitem').waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(share)).toBe(true);
  });

  it('marks a report without a reason on its select, with the focus there and the toast off its buttons', async () => {
    const owner = await newPage(ctx.browser);
    await registerViaApi(owner, uniqueUser('ownerr'));
    const title = `Reported pears ${uniqueToken()}`;
    await createPosts(owner, [{ title }]);
    const page = await newPage(ctx.browser, { viewport: { width: WIDTHS.mobile, height: 844 } });
    await registerViaApi(page, uniqueUser('reporter'));
    await page.goto(`/?q=${encodeURIComponent(title)}`);
    await cardOf(page, title).getByRole('button', { name: `Report post: ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Report This Post' });
    const reason = dialog.getByLabel('Reason');
    await reason.selectOption('');
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expectToast(page, 'Reason Required');
    await expect.poll(() => hasFocus(reason)).toBe(true);
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    expect(await reason.getAttribute('aria-describedby')).toBeTruthy();
    await dialog.getByText('Please select a reason for reporting.').waitFor();
    // Below a dialog that leaves the foot of the screen free, the toast stays there, off its buttons.
    for (const name of ['Submit Report', 'Cancel']) expect(await hitsInside(dialog.getByRole('button', { name }), '[role="dialog"]'), name).toBe(true);
  });

  it('moves the focus to Remove image once a photo is chosen from the keyboard', async () => {
    const page = await newPage(ctx.browser);
    await registerViaApi(page, uniqueUser('photok'));
    await page.goto('/');
    await page.getByRole('button', { name: 'Upload FREE (No Signup)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Fruit Post' });
    const file = dialog.locator('input[type=file]');
    await file.focus();
    await file.setInputFiles(await photo());
    await expect.poll(() => hasFocus(dialog.getByRole('button', { name: 'Remove image' }))).toBe(true);
  });

  it('keeps the focus in the reply box once a reply is sent', async () => {
    const a = await newPage(ctx.browser);
    const b = await newPage(ctx.browser);
    const alice = await registerViaApi(a, uniqueUser('alicek'));
    const bob = await registerViaApi(b, uniqueUser('bobk'));
    await messageViaApi(b, alice.id, 'Are the apples still there?');
    await a.goto(`/messages?with=${bob.id}`);
    const reply = a.getByLabel(`Reply to ${bob.username}`);
    await reply.fill('Yes, come by at noon.');
    await a.keyboard.press('Tab');
    await a.keyboard.press('Enter');
    await a.getByRole('log', { name: `Messages with ${bob.username}` }).getByText('Yes, come by at noon.').waitFor();
    await expect.poll(() => hasFocus(reply)).toBe(true);
    expect(await reply.inputValue()).toBe('');
  });

  it('hides the page behind a shared post from screen readers, also what loads after it opened (0146)', async () => {
    const owner = await newPage(ctx.browser);
    await registerViaApi(owner, uniqueUser('sharek'));
    const title = `Shared quinces ${uniqueToken()}`;
    const [id] = await createPosts(owner, [{ title }, { title: `${title} too` }]);
    const page = await newPage(ctx.browser);
    await registerViaApi(page, uniqueUser('readerk'));
    // The list behind waits until the dialog is open: its cards come after, as on a slow network.
    let listMayGo: () => void = () => undefined;
    const dialogOpen = new Promise<void>((resolve) => (listMayGo = resolve));
    await page.route(
      (url) => url.pathname === '/api/posts',
      async (route) => {
        await dialogOpen;
        await route.fallback();
      },
    );
    await page.goto(`/?post=${id}`);
    const dialog = page.getByRole('dialog', { name: 'Post details' });
    await dialog.getByRole('heading', { name: title, exact: true }).waitFor();
    expect(await page.locator('#main [role="article"]').count()).toBe(0);
    listMayGo();
    // The list behind it has loaded: its cards are in the page, and none can be reached.
    await page.locator('#main [role="article"]').first().waitFor({ state: 'attached' });
    const reachable = () =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('#root button, #root a[href], #root input')].filter(
            (el) => !el.closest('[aria-hidden="true"], [inert], [aria-live]'),
          ).length,
      );
    await expect.poll(reachable).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await reachable()).toBeGreaterThan(0);
  });

  it('reads an estimated figure with a space before the word', async () => {
    const page = await newPage(ctx.browser);
    await page.goto('/');
    const term = page.getByRole('region', { name: 'Our community so far' }).locator('dt', { hasText: 'estimated' }).first();
    expect(await term.textContent()).toMatch(/\S estimated$/);
  });
});
