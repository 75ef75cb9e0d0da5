import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { KINDNESS } from '../../src/domain/access';
import { expectAccessible, expectToast, newPage, snap, useBrowser, WIDTHS } from './harness';
import { changeSession, expectToastPair, expectToastText } from './access-helpers';
import { uniqueToken } from './posts-helpers';
import { cardOf } from './community-helpers';

/** Spec §2 dialog 9 and §4 Create-post access, §8 kindness and owner texts; DECISIONS 4, 5, 8; docs/decisions/0082. */
describe('a guest who wants to post (POSTING_ACCESS=gated)', () => {
  const ctx = useBrowser();

  async function openAccessDialog(page: Page) {
    await page.getByRole('button', { name: 'Upload FREE (No Signup)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post Access Required' });
    await dialog.waitFor();
    return dialog;
  }

  async function share(page: Page, title: string, dialogName = 'Add New Fruit Post') {
    const form = page.getByRole('dialog', { name: dialogName });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('A crate of windfall apples.');
    await form.getByLabel('Address').fill('5 Orchard Lane, Toronto');
    await form.getByRole('button', { name: 'Share post' }).click();
    await expectToast(page, 'Success!');
    await form.waitFor({ state: 'hidden' });
  }

  /** A guest's own post, kept on their session: its owner's actions, not a way to contact or report themself (0132). */
  async function expectOwnCard(page: Page, title: string) {
    const card = cardOf(page, title);
    await card.getByRole('button', { name: 'Edit status' }).waitFor();
    await card.getByRole('button', { name: `Manage ${title}` }).waitFor();
    expect(await card.getByRole('button', { name: 'Report post' }).count()).toBe(0);
    expect(await card.getByText('Sign in to contact').count()).toBe(0);
  }

  it('takes the kindness grant from the access dialog, and posts at once', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await page.goto('/');
    const dialog = await openAccessDialog(page);
    await dialog.getByRole('tab', { name: 'Pay $3', selected: true }).waitFor();
    await dialog.getByText('Demo mode: no money is taken', { exact: false }).waitFor();
    await expectAccessible(page);
    await snap(page, 'access-dialog-pay');
    await dialog.getByRole('tab', { name: 'Owner' }).click();
    await dialog.getByLabel('Owner password').waitFor();
    await expectAccessible(page);
    await snap(page, 'access-dialog-owner');
    await dialog.getByRole('tab', { name: 'Sign In' }).click();
    await dialog.getByRole('link', { name: 'Create Free Account' }).waitFor();
    await expectAccessible(page);
    await snap(page, 'access-dialog-signin');

    await dialog.getByRole('button', { name: 'Need Free Access?' }).click();
    const kindness = page.getByRole('dialog', { name: 'Need Free Access?' });
    await kindness.getByText('No questions asked', { exact: false }).waitFor();
    await expectAccessible(page);
    await snap(page, 'kindness-dialog');
    await kindness.getByRole('button', { name: 'Get Free Access' }).click();
    await expectToastPair(page, KINDNESS.granted, KINDNESS.grantedText);
    await page.getByRole('dialog', { name: 'Add New Fruit Post' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Post Access Required' }).count()).toBe(0);

    const title = `Windfalls ${uniqueToken()}`;
    await share(page, title);
    await page.getByRole('article').first().getByRole('heading', { name: title }).waitFor();
    await expectOwnCard(page, title);
  });

  it('pays the $3 posting fee and comes back to the open form, the address cleaned', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.desktop });
    await page.goto('/?type=skids');
    const dialog = await openAccessDialog(page);
    const returned = page.waitForURL((url) => url.searchParams.get('posting_success') === 'true');
    await dialog.getByRole('button', { name: 'Pay $3 and post' }).click();
    await returned;
    await page.getByRole('dialog', { name: 'Add New Skids Post' }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('?type=skids');
    const title = `Pallets ${uniqueToken()}`;
    await share(page, title, 'Add New Skids Post');
    await expectOwnCard(page, title);
  });

  it('opens the form with the owner password, after a wrong one is refused', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await page.goto('/');
    const dialog = await openAccessDialog(page);
    await dialog.getByRole('tab', { name: 'Owner' }).click();
    const verify = dialog.getByRole('button', { name: 'Verify Owner Access' });
    expect(await verify.isDisabled()).toBe(true);
    const password = dialog.getByLabel('Owner password');
    await password.fill('not-the-password');
    expect(await verify.isDisabled()).toBe(false);
    await password.press('Enter');
    await expectToastPair(page, 'Access Denied', 'Incorrect admin password.');

    // No answer at all.
    await page.route('**/api/verify-admin', (route) => route.abort('connectionrefused'));
    await verify.click();
    await expectToastText(page, 'Failed to verify admin access.');
    await page.unroute('**/api/verify-admin');

    await password.fill(inject('ownerPassword'));
    await password.press('Enter');
    await expectToastText(page, 'Owner access granted');
    await page.getByRole('dialog', { name: 'Add New Fruit Post' }).waitFor();
  });

  it('says the owner tab is not set up when the server has no owner password', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await changeSession(page, (view) => ({ ...view, features: { ...view.features, ownerAccess: false } }));
    await page.goto('/');
    const dialog = await openAccessDialog(page);
    await dialog.getByRole('tab', { name: 'Owner' }).click();
    await dialog.getByText('Owner access is not set up on this server.').waitFor();
    expect(await dialog.getByLabel('Owner password').count()).toBe(0);
  });

  it('shows no access dialog when posting is open to all (Reading A)', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await changeSession(page, (view) => ({ ...view, postingAccess: 'open' }));
    await page.goto('/');
    await page.getByRole('button', { name: 'Upload FREE (No Signup)' }).click();
    await page.getByRole('dialog', { name: 'Add New Fruit Post' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Post Access Required' }).count()).toBe(0);
  });
});

describe('the Kindness Button on /subscribe', () => {
  const ctx = useBrowser();

  it('grants access, goes home after 1.5 s, and says until when instead of offering it twice', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await page.goto('/subscribe');
    const button = page.getByRole('button', { name: 'Get Free Access' });

    await page.route('**/api/grant-kindness-access', (route) => route.abort('connectionrefused'));
    await button.click();
    await expectToast(page, KINDNESS.networkFailed);
    await page.unroute('**/api/grant-kindness-access');

    await button.click();
    const granted = Date.now();
    await expectToast(page, KINDNESS.granted);
    await page.waitForURL((url) => url.pathname === '/');
    expect(Date.now() - granted).toBeGreaterThanOrEqual(1000);
    // Home tells the guest what the grant gives and until when, not to join to see every post (0140).
    const welcome = page.getByRole('region', { name: 'Welcome, neighbour!' });
    await welcome.getByText(/You can see every post and share your own until \w{3} \d{1,2}:\d{2}/).waitFor();
    expect(await welcome.getByText('then join to see every post', { exact: false }).count()).toBe(0);
    await snap(page, 'welcome-with-access');
    // So does the header, where there is room (0142).
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.getByRole('navigation', { name: 'Main' }).getByText(/^Pass until \w{3},? \d{1,2}:\d{2}/).waitFor();
    await page.setViewportSize({ width: WIDTHS.mobile, height: 900 });

    // Back on /subscribe, the button that would be refused (KINDNESS.alreadyHere) says until when instead (0147).
    await page.goto('/subscribe');
    await page.getByText(/^Your free access runs until \w{3},? \d{1,2}:\d{2}.*Pass the kindness on!$/).waitFor();
    expect(await page.getByRole('button', { name: 'Get Free Access' }).count()).toBe(0);
    await snap(page, 'subscribe-kindness-held');
  });
});
