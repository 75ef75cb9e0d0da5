import { describe, expect, it } from 'vitest';
import { expectAccessible, expectToast, newPage, registerViaApi, snap, toastRegion, uniqueUser, useBrowser, WIDTHS } from './harness';
import { expectToastPair, headerBadge } from './access-helpers';
import { createPosts, uniqueToken } from './posts-helpers';
import { PRODUCTS, RECEIPT_KEPT_TEXT } from '../../src/domain/payment-values';
import { REFERRAL_MESSAGES } from '../../src/domain/referral-values';

/** Spec §2/§4 Subscribe, §8 payment texts; DECISIONS 9 (demo mode), 25; docs/decisions/0082. */
describe('passes and receipts on /subscribe (demo mode)', () => {
  const ctx = useBrowser();

  it('lets a guest buy a day pass from the preview card and then see every post', async () => {
    const member = await newPage(ctx.browser);
    await registerViaApi(member);
    const token = uniqueToken();
    await createPosts(
      member,
      [1, 2, 3].map((n) => ({ title: `Cherries ${token} ${n}` })),
    );
    await member.context().close();

    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await page.goto(`/?q=${token}`);
    await page.getByRole('heading', { name: "That's your free preview!" }).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    await page.getByRole('link', { name: /24-hour pass/ }).click();
    await page.waitForURL('**/subscribe?plan=day');

    // The plans, the demo note, the Kindness Button after the 'or'; the chosen plan in view.
    const day = page.locator('#plan-day');
    await day.getByRole('button', { name: 'Get 24-Hour Access' }).waitFor();
    await page.getByText('Demo mode: no money is taken', { exact: false }).first().waitFor();
    await page.getByRole('heading', { name: 'Kindness Button' }).waitFor();
    await page.locator('#plan-lifetime').getByText('BEST VALUE', { exact: true }).waitFor();
    expect(await page.locator('#plan-lifetime').getByRole('button', { name: 'Pay $9.99 USD' }).count()).toBe(
      1,
    );
    await expect
      .poll(() => day.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight))
      .toBe(true);
    await expectAccessible(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'subscribe-plans-guest');

    await day.getByRole('button', { name: 'Get 24-Hour Access' }).click();
    await expectToastPair(page, 'Payment Successful', 'You are subscribed!');
    const receipt = page.getByRole('heading', { name: 'Payment Successful' });
    await receipt.waitFor();
    await expect.poll(() => receipt.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText('24-Hour Access', { exact: true }).first().waitFor();
    await page.getByText('$3 USD', { exact: true }).first().waitFor();
    await expectAccessible(page);
    await snap(page, 'subscribe-receipt');

    await page.getByRole('link', { name: 'See every post' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`/?q=${token}`);
    await expect.poll(() => page.getByRole('article').count()).toBe(3);
    expect(await page.getByRole('heading', { name: "That's your free preview!" }).count()).toBe(0);
    // A guest has no badge (spec §4: members only); the header still offers the trial.
    expect(await headerBadge(page, 'Premium').count()).toBe(0);
    await page.getByRole('banner').getByRole('link', { name: 'Start Free Trial', exact: true }).waitFor();
  });

  it("shows a member's lifetime purchase in the header badge at once", async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.desktop });
    await registerViaApi(page);
    await page.goto('/subscribe?plan=lifetime');
    await headerBadge(page, 'Trial - 7 days left').waitFor();
    // A day pass bought during the trial follows on from it (docs/decisions/0080).
    await page
      .locator('#plan-day')
      .getByText('Your 24 hours start when the access you have now ends')
      .waitFor();
    const lifetime = page.locator('#plan-lifetime');
    await lifetime.getByRole('tab', { name: 'Credit Card', selected: true }).waitFor();
    // Nothing bought is waiting: no word of a pass.
    expect(await lifetime.getByText('You already have a 24-hour pass', { exact: false }).count()).toBe(0);
    await lifetime.getByRole('button', { name: 'Pay $9.99 USD' }).click();
    await expectToastPair(page, 'Payment Successful', 'You are subscribed!');
    await headerBadge(page, 'Premium').waitFor();
    expect(await headerBadge(page, 'Trial - 7 days left').count()).toBe(0);
    await page.getByText('Lifetime Access', { exact: true }).first().waitFor();

    // Nothing is left to buy: the plans give way to what the member holds.
    await page.getByRole('button', { name: 'Back to plans' }).click();
    await page.getByRole('heading', { name: 'You have lifetime access' }).waitFor();
    expect(await page.getByRole('button', { name: 'Pay $9.99 USD' }).count()).toBe(0);
  });

  it('says on the receipt when a day pass bought during the trial starts (0127)', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await registerViaApi(page);
    await page.goto('/subscribe?plan=day');
    await page.locator('#plan-day').getByRole('button', { name: 'Get 24-Hour Access' }).click();
    await expectToastPair(page, 'Payment Successful', 'You are subscribed!');
    await page.getByText(/^Your 24 hours start .+, when the access you have now ends\.$/).waitFor();
    // The receipt shows once: the list below says where it stays rather than repeating it (0145).
    const receipts = page.getByRole('region', { name: 'Your receipts' });
    await receipts.getByText(RECEIPT_KEPT_TEXT, { exact: true }).waitFor();
    expect(await page.getByText(PRODUCTS.day.description, { exact: true }).count()).toBe(1);
    await snap(page, 'subscribe-day-pass-later');
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await headerBadge(page, 'Trial - 7 days left').waitFor();
    // Back to the plans, Lifetime says that it makes the waiting pass unnecessary (0133), and the
    // receipt is in the list.
    await page.getByRole('button', { name: 'Back to plans' }).click();
    await receipts.getByText(PRODUCTS.day.description, { exact: true }).waitFor();
    expect(await receipts.getByText(RECEIPT_KEPT_TEXT).count()).toBe(0);
    await page
      .locator('#plan-lifetime')
      .getByText(/^You already have a 24-hour pass that starts .+\. Lifetime access covers that time too, and the pass is not refunded\.$/)
      .waitFor();
    await snap(page, 'subscribe-lifetime-over-waiting-pass');

    // A second payment: the list under its receipt holds the earlier one only.
    await page.locator('#plan-lifetime').getByRole('button', { name: 'Pay $9.99 USD' }).click();
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    const earlier = page.getByRole('region', { name: 'Earlier receipts' });
    await earlier.getByText(PRODUCTS.day.description, { exact: true }).waitFor();
    expect(await earlier.getByText(PRODUCTS.lifetime.description, { exact: true }).count()).toBe(0);
  });

  it('tells a guest who bought lifetime access and then registered that the access is on the account, not of a trial', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await page.goto('/subscribe?plan=lifetime');
    await page.locator('#plan-lifetime').getByRole('button', { name: 'Pay $9.99 USD' }).click();
    await expectToastPair(page, 'Payment Successful', 'You are subscribed!');

    // A trial would add nothing to access that never ends: an account is offered instead (0148).
    await page.goto('/');
    const welcome = page.getByRole('region', { name: 'Welcome, neighbour!' });
    await welcome.getByText('A free account keeps your access with you on every device.', { exact: false }).waitFor();
    await welcome.getByRole('link', { name: 'Create Account' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.getByText('Start Free Trial').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'See plans and passes' }).count()).toBe(0);
    const user = uniqueUser('lifetime');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToastPair(page, 'Your account has been created.', 'Your lifetime access is now on your account.');
    expect(await toastRegion(page).getByText('7-day free trial', { exact: false }).count()).toBe(0);

    // Nor are days of reward promised for inviting friends.
    await page.getByRole('button', { name: /^Invite friends Your code/ }).click();
    const panel = page.locator('#invite-panel');
    await panel.getByText(REFERRAL_MESSAGES.rewardsAddNothing).waitFor();
    expect(await panel.getByText('3 friends = +1 month').count()).toBe(0);
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await headerBadge(page, 'Premium').waitFor();
    await snap(page, 'registered-with-lifetime');
  });

  it('pays through the PayPal tab and shows the receipts again on a later visit', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await registerViaApi(page);
    await page.goto('/subscribe');
    const lifetime = page.locator('#plan-lifetime');
    await lifetime.getByRole('tab', { name: 'PayPal' }).click();
    await lifetime.getByRole('button', { name: 'Pay with PayPal (demo)' }).click();
    await expectToastPair(page, 'Payment Successful', 'You are subscribed!');
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();

    // Later, through the profile menu: the receipts and the credit, and 'Already Premium'.
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Receipts and credit' }).click();
    await page.waitForURL('**/subscribe#receipts');
    await expectToastPair(page, 'Already Premium', 'You already have lifetime access.');
    const receipts = page.getByRole('region', { name: 'Your receipts' });
    await receipts.getByText('Lifetime Access', { exact: true }).waitFor();
    await receipts.getByText('$9.99 USD', { exact: true }).waitFor();
    await receipts.getByText('Demo: no money taken').waitFor();
    await page.getByRole('heading', { name: 'You have lifetime access' }).waitFor();
    // No credit to speak of: none was earned, and access that never ends has nothing for it to buy (0150).
    expect(await receipts.getByText(/Referral credit/).count()).toBe(0);
    await expect
      .poll(() => receipts.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight))
      .toBe(true);
    await expectAccessible(page);
    await snap(page, 'subscribe-receipts');
  });

  it('shows the error card when the plans cannot be loaded', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await page.route(
      (url) => url.pathname === '/api/payments/config',
      (route) => route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
    );
    await page.goto('/subscribe');
    await expectToast(page, 'Failed to initialize subscription. Please try again.');
    const error = page.getByRole('alert').filter({ hasText: 'Subscription Error' });
    await error.getByText('Unable to initialize subscription. Please try again later.').waitFor();
    await expectAccessible(page);
  });
});
