import { readFileSync } from 'node:fs';
import type { Page, WebSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DELETE_ACCOUNT_TEXT } from '../../src/domain/account';
import { expectToastPair } from './access-helpers';
import { expectAccessible, expectToast, newPage, registerViaApi, snap, uniqueUser, useBrowser, WIDTHS } from './harness';

const ctx = useBrowser();

async function fillAndSubmit(page: Page, fields: Record<string, string>, button: string) {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: button }).click();
}

const header = (page: Page) => page.getByRole('banner');

/** Resolves once the page's live socket has been answered `authenticated` (its member's socket is up). */
const socketUp = (page: Page) =>
  new Promise<void>((resolve) =>
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => String(payload).includes('"authenticated"') && resolve()),
    ),
  );

/**
 * Holds back the answer to `path` until the page has asked the session again, after the server
 * ended the member's session and closed their socket: the order CI met, in which the move the
 * member asked for must still win over the page reloading itself (0113).
 */
const answerAfterSessionAsked = (page: Page, path: string) =>
  page.route(`**${path}`, async (route) => {
    const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/session');
    const response = await route.fetch();
    await asked;
    await route.fulfill({ response });
  });

describe('auth journey', () => {
  it('registers, shows the trial in the header, signs out, signs in, and refuses a wrong password', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.desktop });
    const live = socketUp(page);
    const user = uniqueUser();

    await page.goto('/register');
    await expect.poll(() => page.getByRole('button', { name: 'Start Free Trial' }).count()).toBe(1);
    await expectAccessible(page);
    await snap(page, 'register');

    // The spec's validation messages come from the shared schema, before any call.
    await fillAndSubmit(page, { Username: 'a', Email: 'not-an-email', Password: '123' }, 'Start Free Trial');
    await page.getByText('Invalid email address').waitFor();

    await fillAndSubmit(page, { Username: user.username, Email: user.email, Password: user.password }, 'Start Free Trial');
    await expectToast(page, 'Your account has been created with a 7-day free trial.');
    await page.waitForURL((url) => url.pathname === '/');
    await header(page).getByText(user.username).waitFor();
    await header(page).getByText('Trial - 7 days left').waitFor();
    // The footer's quick links offer the account, not signing in (0127).
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Your account' }).waitFor();
    expect(await footer.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    await expectAccessible(page);
    await snap(page, 'home-member');

    // Sign Out loads /login as a new document: nothing the member was shown stays in the tab (0113).
    await live;
    await answerAfterSessionAsked(page, '/api/auth/logout');
    await page.evaluate(() => Object.assign(window, { memberDocument: true }));
    await header(page).getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await header(page).getByRole('link', { name: 'Sign In' }).waitFor();
    // Said on the new page, and read out: nothing else would tell a screen-reader user (0134).
    await expectToast(page, 'You have signed out on this device.');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => 'memberDocument' in window)).toBe(false);
    await expectAccessible(page);
    await snap(page, 'login');

    await fillAndSubmit(page, { Email: user.email, Password: user.password }, 'Sign In');
    await expectToast(page, 'Welcome back!');
    await page.waitForURL((url) => url.pathname === '/');
    await header(page).getByText(user.username).waitFor();

    // Another member signs in over this one in the same tab: their page comes as a new document,
    // keeping nothing of the first member's (0113), and still says welcome.
    const elsewhere = await newPage(ctx.browser);
    const other = await registerViaApi(elsewhere, uniqueUser('over'));
    await elsewhere.context().close();
    await page.unroute('**/api/auth/logout');
    const liveAgain = socketUp(page);
    await page.goto('/login?redirect=/favorites');
    await header(page).getByText(user.username).waitFor();
    await liveAgain;
    await answerAfterSessionAsked(page, '/api/auth/login');
    await page.evaluate(() => Object.assign(window, { memberDocument: true }));
    await fillAndSubmit(page, { Email: other.email, Password: other.password }, 'Sign In');
    await page.waitForURL((url) => url.pathname === '/favorites');
    await header(page).getByText(other.username).waitFor();
    await expectToast(page, 'Welcome back!');
    expect(await page.evaluate(() => 'memberDocument' in window)).toBe(false);
    // In place of the form, as the redirect within the app: Back does not show it again.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await page.unroute('**/api/auth/login');

    const stranger = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await stranger.goto('/login');
    await fillAndSubmit(stranger, { Email: user.email, Password: 'wrong-password' }, 'Sign In');
    await expectToast(stranger, 'Login failed');
    expect(new URL(stranger.url()).pathname).toBe('/login');
    // The password is there to type again, selected, not the focus dropped to the page (0133).
    const selected = (label: string) =>
      stranger.getByLabel(label, { exact: true }).evaluate((el: HTMLInputElement) => el === document.activeElement && el.selectionStart === 0 && el.selectionEnd === el.value.length);
    await expect.poll(() => selected('Password')).toBe(true);
    // Spec §8: without a message from the server, 'Please try again'.
    await stranger.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
    await stranger.getByRole('button', { name: 'Sign In' }).click();
    await expectToastPair(stranger, 'Login failed', 'Please try again');
    await stranger.unroute('**/api/auth/login');

    // Spec §8: a refused registration says 'Registration failed' with the server's message.
    await stranger.goto('/register');
    await fillAndSubmit(stranger, { Username: 'Someone else', Email: user.email, Password: 'another-password' }, 'Start Free Trial');
    await expectToastPair(stranger, 'Registration failed', 'An account with this email already exists.');
    expect(new URL(stranger.url()).pathname).toBe('/register');
    // (An email field has no selection to read: its focus is.)
    await expect.poll(() => stranger.getByLabel('Email', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    await stranger.context().close();
    await page.context().close();
  });

  it('downloads the member\'s data and deletes the account from "Your account and data" (DECISIONS 17)', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile, acceptDownloads: true });
    const live = socketUp(page);
    const user = uniqueUser('leaving');
    await page.goto('/register');
    await fillAndSubmit(page, { Username: user.username, Email: user.email, Password: user.password }, 'Start Free Trial');
    await page.waitForURL((url) => url.pathname === '/');

    await header(page).getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Your account and data' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    await expectAccessible(page);
    await snap(page, 'account');
    await page.getByText(DELETE_ACCOUNT_TEXT.body).waitFor();
    expect(await page.getByText(DELETE_ACCOUNT_TEXT.admin).count()).toBe(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^free-fruit-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(data.account).toMatchObject({ username: user.username, email: user.email });

    await fillAndSubmit(page, { 'Your password': 'not my password' }, 'Delete my account');
    await expectToast(page, 'Account not deleted');
    await live;
    await answerAfterSessionAsked(page, '/api/user/me');
    await page.evaluate(() => Object.assign(window, { memberDocument: true }));
    await fillAndSubmit(page, { 'Your password': user.password }, 'Delete my account');
    // The posts as a new document, keeping nothing of the member's (0113), and the toast says why.
    await page.waitForURL((url) => url.pathname === '/');
    await expectToastPair(page, 'Account deleted', 'Your account and everything you shared have been deleted.');
    await header(page).getByRole('link', { name: 'Sign In' }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => 'memberDocument' in window)).toBe(false);
    await expectAccessible(page);
    await snap(page, 'account-deleted');

    await page.goto('/login');
    await fillAndSubmit(page, { Email: user.email, Password: user.password }, 'Sign In');
    await expectToast(page, 'Login failed');
    await page.context().close();
  });

  it('makes a guest’s other tab the member who signs in or registers in one, without a reload (0147)', async () => {
    const first = await newPage(ctx.browser);
    const second = await first.context().newPage();
    await second.goto('/?type=firewood');
    await header(second).getByRole('link', { name: 'Sign In' }).waitFor();
    const elsewhere = await newPage(ctx.browser);
    const user = await registerViaApi(elsewhere);
    await elsewhere.context().close();
    await first.goto('/login');
    await fillAndSubmit(first, { Email: user.email, Password: user.password }, 'Sign In');
    await first.waitForURL((url) => url.pathname === '/');
    // The other tab shows the member, and Upload offers them the form, not the posting fee.
    await header(second).getByRole('button', { name: 'Profile menu' }).waitFor();
    expect(new URL(second.url()).searchParams.get('type')).toBe('firewood');
    await second.getByRole('button', { name: 'Upload FREE (No Signup)' }).click();
    await second.getByRole('dialog', { name: 'Add New Firewood Post' }).waitFor();
    expect(await second.getByRole('dialog', { name: 'Post Access Required' }).count()).toBe(0);
    await first.context().close();
  });

  it('honours a same-site redirect after sign-in and ignores a foreign one', async () => {
    const page = await newPage(ctx.browser);
    const user = uniqueUser('redirect');
    await page.goto('/register?redirect=/favorites');
    await fillAndSubmit(page, { Username: user.username, Email: user.email, Password: user.password }, 'Start Free Trial');
    await page.waitForURL((url) => url.pathname === '/favorites');

    const other = await newPage(ctx.browser);
    await other.goto('/login?redirect=https://evil.example/steal');
    await fillAndSubmit(other, { Email: user.email, Password: user.password }, 'Sign In');
    await other.waitForURL((url) => url.pathname === '/');
    expect(new URL(other.url()).host).toBe(new URL(page.url()).host);
    await page.context().close();
    await other.context().close();
  });

  it('opens the live socket only for a member, signs out to a guest even when the call fails (spec §4), and starts afresh for the next member', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.desktop });
    const sockets: WebSocket[] = [];
    page.on('websocket', (socket) => sockets.push(socket));
    await page.goto('/');
    await header(page).getByRole('link', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(sockets).toEqual([]);

    const user = uniqueUser('socket');
    await page.goto('/register');
    await fillAndSubmit(page, { Username: user.username, Email: user.email, Password: user.password }, 'Start Free Trial');
    await header(page).getByText(user.username).waitFor();
    await expect.poll(() => sockets.filter((s) => !s.isClosed()).length).toBe(1);

    await page.route('**/api/auth/logout', (route) => route.abort('connectionrefused'));
    await header(page).getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await header(page).getByRole('link', { name: 'Sign In' }).waitFor();
    await expect.poll(() => sockets.every((s) => s.isClosed())).toBe(true);
    // The same tab, still on /login within the app: whoever signs in next as someone else gets a
    // new document, as the tab still holds the first member's answers (0113).
    const elsewhere = await newPage(ctx.browser);
    const other = await registerViaApi(elsewhere, uniqueUser('next'));
    await elsewhere.context().close();
    await page.evaluate(() => Object.assign(window, { memberDocument: true }));
    await fillAndSubmit(page, { Email: other.email, Password: other.password }, 'Sign In');
    await header(page).getByText(other.username).waitFor();
    await expectToast(page, 'Welcome back!');
    expect(await page.evaluate(() => 'memberDocument' in window)).toBe(false);
    await page.context().close();
  });

  it('shows the guest header and the 404 screen with its router hint', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    // Small screens shorten 'Start Free Trial' to 'Trial' on screen, and read out the whole (0134).
    const trial = header(page).getByRole('link', { name: 'Start Free Trial', exact: true });
    await trial.waitFor();
    expect(await trial.getByText('Trial', { exact: true }).isVisible()).toBe(true);
    await expectAccessible(page);
    await snap(page, 'not-found');

    const api = await page.request.get('/api/no-such-route');
    expect(api.status()).toBe(404);
    expect(api.headers()['content-type']).toContain('application/json');
    await page.context().close();
  });
});
