import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../src/domain/passwords';
import { SESSION_ENDED_TOAST } from '../../src/web/lib/session';
import { changeSession } from './access-helpers';
import { expectAccessible, expectToast, mailedLink, newPage, registerViaApi, signInViaApi, snap, uniqueUser, useBrowser, WIDTHS } from './harness';

/**
 * A member's password (docs/decisions/0135): changed on the account page, and chosen anew from the
 * link the journeys' mail server received, as a member who forgot it would.
 */
const ctx = useBrowser();

const header = (page: Page) => page.getByRole('banner');

describe('passwords', () => {
  it('changes the password on the account page, signing out the other browser and not this one', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    const user = await registerViaApi(page, uniqueUser('changer'));
    const elsewhere = await newPage(ctx.browser);
    await signInViaApi(elsewhere, user);
    await elsewhere.goto('/messages');
    await header(elsewhere).getByText(user.username).waitFor();

    await page.goto('/account');
    await page.getByRole('heading', { name: 'Change your password' }).waitFor();
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password').fill('a new secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, PASSWORD_MESSAGES.wrongCurrent);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');

    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, '1 other browser was signed out.');
    await expect.poll(() => page.getByLabel('New password').inputValue()).toBe('');
    await expectAccessible(page);
    await snap(page, 'account-password-changed');
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.getByRole('heading', { name: 'Change your password' }).scrollIntoViewIfNeeded();
    await snap(page, 'account-password-changed');

    // This browser is still the member's; the other one is a guest again, and is told so (0146).
    await page.reload();
    await header(page).getByText(user.username).waitFor();
    expect((await elsewhere.request.get('/api/auth/me')).status()).toBe(401);
    await elsewhere.waitForURL((url) => url.pathname === '/login');
    await expectToast(elsewhere, SESSION_ENDED_TOAST.description);
  });

  it('mails a link from the sign-in screen, sets the new password with it once, and signs in', async () => {
    const setup = await newPage(ctx.browser);
    const user = await registerViaApi(setup, uniqueUser('forgetful'));
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await expectAccessible(page);
    await snap(page, 'forgot-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    const sent = page.getByText(PASSWORD_MESSAGES.resetSent);
    await sent.waitFor();
    // The answer takes the form's place, and the focus with it.
    await expect.poll(() => sent.evaluate((el) => el === document.activeElement)).toBe(true);

    const link = await mailedLink(user.email, /http:\/\/\S+\/reset-password#token=[\w-]+/);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    // The token leaves the address bar at once: no history entry keeps it.
    await page.waitForURL((url) => url.pathname === '/reset-password' && url.hash === '');
    await expectAccessible(page);
    await snap(page, 'reset-password');
    await page.getByLabel('New password').fill('chosen anew');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expectToast(page, 'Your new password is set, and you are signed in.');
    await page.waitForURL((url) => url.pathname === '/');
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);

    // The old password no longer works; the link works once.
    const old = await setup.request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
    expect(old.status()).toBe(401);
    const again = await newPage(ctx.browser, { width: WIDTHS.desktop });
    await again.goto(link);
    await again.getByLabel('New password').fill('chosen again');
    await again.getByRole('button', { name: 'Set new password' }).click();
    await expectToast(again, PASSWORD_MESSAGES.linkBad);
    // The form gives way to the way on, which takes the focus.
    await again.getByRole('alert').filter({ hasText: PASSWORD_MESSAGES.linkBad }).waitFor();
    const askAgain = again.getByRole('link', { name: 'Ask for a new link' });
    await expect.poll(() => askAgain.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await again.getByLabel('New password').count()).toBe(0);
    await snap(again, 'reset-password-used');
  });

  it('says to ask the owner on a server that mails no links', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await changeSession(page, (view) => ({ ...view, features: { ...view.features, resetByEmail: false } }));
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByText(PASSWORD_MESSAGES.resetOff).waitFor();
    expect(await page.getByRole('button', { name: 'Email me a link' }).count()).toBe(0);
  });

  it('says what to do with a link cut short', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await page.goto('/reset-password');
    await page.getByRole('alert').filter({ hasText: PASSWORD_MESSAGES.linkMissing }).waitFor();
    await page.getByRole('link', { name: 'Ask for a new one' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
  });
});
