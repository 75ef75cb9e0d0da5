import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import type { Post } from '../../src/domain/posts';
import type { PublicProfile } from '../../src/domain/members';
import { INBOX_TEXT, threadPath } from '../../src/domain/message-values';
import { BASE_URL, createPostViaApi, expectAccessible, expectToast, newPage, registerViaApi, snap, useBrowser } from './harness';
import { cardOf, closeWithEscape, hasFocus, holdsFocus, messageViaApi } from './community-helpers';
import { TORONTO, uniqueToken } from './posts-helpers';

/** Member profiles (spec §2 dialog 4), ratings (DECISIONS 20) and blocks (DECISIONS 21). */
describe('member profiles and ratings', () => {
  const ctx = useBrowser();
  const token = uniqueToken();
  const title = `Figs ${token}`;
  let owner: Page;
  let rater: Page;
  let ownerUser: { id: string; username: string };
  let raterUser: { id: string; username: string };

  beforeAll(async () => {
    owner = await newPage(ctx.browser);
    rater = await newPage(ctx.browser, { width: 390 });
    ownerUser = await registerViaApi(owner);
    raterUser = await registerViaApi(rater);
    await createPostViaApi(owner, {
      type: 'fruit',
      title,
      description: 'Brown Turkey figs.',
      address: '9 Fig Lane, Toronto',
      latitude: String(TORONTO.latitude),
      longitude: String(TORONTO.longitude),
    });
  });

  const profileOf = (page: Page) => page.getByRole('dialog', { name: ownerUser.username });
  const ownerLink = (page: Page) => cardOf(page, title).getByRole('button', { name: ownerUser.username, exact: true });

  it("opens the owner's profile from the card, and rating waits for a message between them", async () => {
    await rater.goto(`/?q=${token}`);
    // The reviews are held back for a moment, to see their three skeleton rows.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const ratings = `**/api/users/${ownerUser.id}/ratings`;
    await rater.route(ratings, async (route) => {
      await held;
      await route.fallback();
    });
    await ownerLink(rater).click();
    const profile = profileOf(rater);
    const loading = profile.getByRole('status', { name: 'Loading reviews' });
    await loading.waitFor();
    expect(await loading.locator(':scope > div').count()).toBe(3);
    release();
    await rater.unroute(ratings);

    await profile.getByText('Community Member Profile').waitFor();
    // Without ratings, no average: 'Not rated yet', not empty stars and '(0/5)' (0127).
    await profile.getByText('Not rated yet', { exact: true }).waitFor();
    expect(await profile.getByText('(0/5)').count()).toBe(0);
    await profile.getByText('0 reviews').waitFor();
    await profile.getByText(/^Member since \w+ \d{4}$/).waitFor();
    await profile.getByRole('heading', { name: 'Community Reviews' }).waitFor();
    await profile.getByText('No reviews yet. Be the first to rate this member!').waitFor();
    await expect.poll(() => holdsFocus(profile)).toBe(true);
    // 80vh tall (spec §2 dialog 4), measured once its opening animation (a zoom) has finished.
    await profile.evaluate((dialog) =>
      Promise.all(dialog.getAnimations().map((animation) => animation.finished)),
    );
    const box = await profile.boundingBox();
    expect(Math.round(box!.height)).toBe(Math.round(900 * 0.8));

    const rate = profile.getByRole('button', { name: 'Rate Member' });
    await rate.click();
    expect(await rate.getAttribute('aria-expanded')).toBe('true');
    await profile.getByText('You can rate a member once you have written to each other: a message from each of you.').waitFor();
    expect(await profile.getByRole('group', { name: 'Your rating' }).count()).toBe(0);
    // A card with a phone number offers Call and Text only, so the profile offers a message (0127).
    expect(await profile.getByRole('link', { name: 'Message' }).getAttribute('href')).toBe(`/messages?with=${ownerUser.id}`);
    await expectAccessible(rater);
    await snap(rater, 'profile-no-reviews');

    await rater.keyboard.press('Escape');
    await profile.waitFor({ state: 'hidden' });
    await expect.poll(() => hasFocus(ownerLink(rater))).toBe(true);
  });

  it('rates the owner once they have written to each other, and the card shows the average', async () => {
    // The first message from the profile's Message link: a new conversation in the inbox.
    await ownerLink(rater).click();
    await profileOf(rater).getByRole('link', { name: 'Message' }).click();
    await rater.waitForURL((url) => url.pathname === '/messages' && url.searchParams.get('with') === ownerUser.id);
    await rater.getByText('No messages yet. Say hello!').waitFor();
    // The empty inbox beside it (behind it on a phone) says where the conversation will show, not
    // how to start one.
    await rater.getByText(INBOX_TEXT.starting).waitFor({ state: 'attached' });
    expect(await rater.getByText(INBOX_TEXT.empty).count()).toBe(0);
    await rater.getByRole('heading', { name: ownerUser.username }).waitFor();
    await rater.getByLabel(`Reply to ${ownerUser.username}`).fill('Hi! Are the figs still available?');
    await rater.getByRole('button', { name: 'Send' }).click();
    await rater.getByText('Hi! Are the figs still available?').waitFor();
    await messageViaApi(owner, raterUser.id, 'Yes, come by any evening.');
    await rater.goto(`/?q=${token}`);
    // Opened again on the same page, the profile is asked again: rating is open now.
    await ownerLink(rater).click();
    const profile = profileOf(rater);
    const rate = profile.getByRole('button', { name: 'Rate Member' });
    await rate.click();
    const form = profile.getByRole('form', { name: `Rate ${ownerUser.username}` });
    const stars = form.getByRole('group', { name: 'Your rating' });
    expect(await stars.getByRole('radio', { name: '5 stars' }).isChecked()).toBe(true);
    await form.getByText('0/300 characters').waitFor();
    await stars.locator('label', { hasText: '4 stars' }).click();
    await form.getByLabel('Comment (optional)').fill('Lovely figs, easy pickup.');
    await form.getByText('25/300 characters').waitFor();
    await expectAccessible(rater);
    await snap(rater, 'profile-rating-form');

    // A failure first, then the rating goes through.
    await rater.route('**/api/user-ratings', (route: Route) => route.fulfill({ status: 500, body: '' }));
    await form.getByRole('button', { name: 'Submit Rating' }).click();
    await expectToast(rater, 'Error');
    await expectToast(rater, 'Failed to submit rating. Please try again.');
    await rater.unroute('**/api/user-ratings');
    await form.getByRole('button', { name: 'Submit Rating' }).click();
    await expectToast(rater, 'Rating submitted');
    await expectToast(rater, 'Thank you for helping build community trust!');
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(rate)).toBe(true);
    await profile.getByText('(4/5)').waitFor();
    await profile.getByText('1 review', { exact: true }).waitFor();
    const review = profile.getByRole('listitem').filter({ hasText: raterUser.username });
    await review.getByText('Lovely figs, easy pickup.').waitFor();
    await review.getByRole('img', { name: '4 out of 5 stars' }).waitFor();

    // Rated before: the form says so and starts from that rating, its comment cleared only by success.
    await rate.click();
    await form
      .getByText(`You rated ${ownerUser.username} 4 out of 5. Sending again updates your rating.`)
      .waitFor();
    expect(await stars.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    expect(await form.getByLabel('Comment (optional)').inputValue()).toBe('Lovely figs, easy pickup.');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => hasFocus(rate)).toBe(true);
    await snap(rater, 'profile-with-reviews');

    await closeWithEscape(profile);
    const trust = cardOf(rater, title).getByText('Rated 4.0 out of 5 from 1 review');
    await trust.waitFor({ state: 'attached' });
    await cardOf(rater, title).getByText('★ 4.0 (1)').waitFor();
  });

  it('blocks after a confirmation that says what it does, and unblocks', async () => {
    await rater.goto(`/?q=${token}`);
    await ownerLink(rater).click();
    const profile = profileOf(rater);
    const block = profile.getByRole('button', { name: 'Block' });
    await block.click();
    const confirm = rater.getByRole('alertdialog', { name: `Block ${ownerUser.username}?` });
    await confirm.getByText(/Neither of you will be able to message or rate the other/).waitFor();
    await expectAccessible(rater);
    await confirm.getByRole('button', { name: 'Block' }).click();
    await expectToast(rater, 'Member blocked');
    const unblock = profile.getByRole('button', { name: 'Unblock' });
    await expect.poll(() => hasFocus(unblock)).toBe(true);
    await profile
      .getByText(`You blocked ${ownerUser.username}. Neither of you can message or rate the other.`)
      .waitFor();
    // The line says rating is closed: no Rate Member button that would only say so again.
    expect(await profile.getByRole('button', { name: 'Rate Member' }).count()).toBe(0);
    await unblock.click();
    await expectToast(rater, 'Member unblocked');
    await profile.getByRole('button', { name: 'Block' }).waitFor();
    await profile.getByRole('button', { name: 'Rate Member' }).waitFor();
  });

  it('offers no Message to a member the other has blocked, and says why (0129)', async () => {
    const blockOf = (method: 'post' | 'delete') =>
      owner.request[method](`/api/users/${raterUser.id}/block`, { headers: { Origin: BASE_URL } });
    expect((await blockOf('post')).status()).toBe(204);
    await rater.goto(`/?q=${token}`);
    await ownerLink(rater).click();
    const profile = profileOf(rater);
    await profile.getByText('You cannot contact this member.').waitFor();
    expect(await profile.getByRole('link', { name: 'Message' }).count()).toBe(0);
    await closeWithEscape(profile);
    // Their conversation says the same instead of a reply box that would be refused (0131)…
    await rater.goto(threadPath(ownerUser.id, null));
    await rater.getByRole('note').getByText('You cannot contact this member.').waitFor();
    expect(await rater.getByRole('textbox', { name: /^Reply to/ }).count()).toBe(0);
    // …and the one who blocked is told so, with the profile where the block is lifted.
    await owner.goto(threadPath(raterUser.id, null));
    const note = owner.getByRole('note');
    await note.getByText(/^You blocked .*unblock them from their profile to write again\.$/).waitFor();
    await snap(owner, 'thread-with-blocked-member');
    await note.getByRole('button', { name: raterUser.username }).click();
    const blocked = owner.getByRole('dialog', { name: raterUser.username });
    await blocked.getByRole('button', { name: 'Unblock' }).click();
    await closeWithEscape(blocked);
    await owner.getByRole('textbox', { name: `Reply to ${raterUser.username}` }).waitFor();
  });

  it("shows the owner's trust on the map popup, and opens the profile from it", async () => {
    await rater.goto(`/?q=${token}&view=map`);
    await rater.getByRole('button', { name: title }).dispatchEvent('click');
    const popup = rater.locator('.leaflet-popup');
    await popup.getByText('★ 4.0 (1)').waitFor();
    const name = popup.getByRole('button', { name: ownerUser.username, exact: true });
    await name.click();
    const profile = profileOf(rater);
    await profile.getByText('Lovely figs, easy pickup.').waitFor();
    // Escape closes the profile only; the popup stays, with focus back on the name.
    await rater.keyboard.press('Escape');
    await profile.waitFor({ state: 'hidden' });
    await popup.waitFor();
    await expect.poll(() => hasFocus(name)).toBe(true);
  });

  it('shows members their own profile without Rate Member or Block', async () => {
    await owner.goto(`/?q=${token}`);
    await ownerLink(owner).click();
    const profile = profileOf(owner);
    await profile.getByText('This is your profile, as neighbours see it.').waitFor();
    expect(await profile.getByRole('button', { name: 'Rate Member' }).count()).toBe(0);
    expect(await profile.getByRole('button', { name: 'Block' }).count()).toBe(0);
    // The rating's notification leads here, to the review, not to the rater's profile (0131).
    await owner.goto('/notifications');
    const rated = owner.getByRole('link', { name: new RegExp(`New Rating.*${raterUser.username} rated you 4/5`) }).first();
    expect(await rated.getAttribute('href')).toBe(`/?member=${ownerUser.id}`);
    // Without reviews, one's own profile does not invite one to rate oneself.
    await rater.goto(`/?member=${raterUser.id}`);
    const own = rater.getByRole('dialog', { name: raterUser.username });
    await own.getByText('No reviews yet. Neighbours you exchange messages with can rate you.').waitFor();
    expect(await own.getByText('Be the first to rate this member!', { exact: false }).count()).toBe(0);
  });

  it('shows a guest the profile, the badge explained, and asks them to sign in to rate', async () => {
    const guest = await newPage(ctx.browser, { width: 1280 });
    // The owner as a verified member: the badge's data comes from an admin review not built yet.
    await guest.route(/\/api\/posts\?/, async (route: Route) => {
      const response = await route.fetch();
      const posts = ((await response.json()) as Post[]).map((p) => ({
        ...p,
        ownerVerifiedType: 'individual',
      }));
      await route.fulfill({ response, json: posts });
    });
    await guest.route(`**/api/users/${ownerUser.id}`, async (route: Route) => {
      const response = await route.fetch();
      const profile = (await response.json()) as PublicProfile;
      await route.fulfill({ response, json: { ...profile, isVerified: 'true', verifiedType: 'individual' } });
    });
    await guest.goto(`/?q=${token}`);
    const card = cardOf(guest, title);
    const badge = card.getByText('Verified User');
    expect(await badge.getAttribute('title')).toContain('not an endorsement');
    await card.getByText('★ 4.0 (1)').waitFor();

    await ownerLink(guest).click();
    const profile = profileOf(guest);
    await profile.getByText('Lovely figs, easy pickup.').waitFor();
    expect(await profile.getByRole('button', { name: 'Rate Member' }).count()).toBe(0);
    expect(await profile.getByRole('button', { name: 'Block' }).count()).toBe(0);
    const signIn = profile.getByRole('link', { name: 'Sign in to rate members' });
    expect(await signIn.getAttribute('href')).toBe(
      `/login?${new URLSearchParams({ redirect: `/?q=${token}` })}`,
    );

    const explained = profile.getByRole('button', { name: 'Verified User' });
    await explained.focus();
    const tooltip = guest.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toContain('We checked who they are. A badge is not an endorsement');
    // Below the badge, not over the member's name above it (0148).
    const shown = guest.locator('[data-radix-popper-content-wrapper] [data-side]');
    expect(await shown.getAttribute('data-side')).toBe('bottom');
    const [badgeBox, tipBox] = [await explained.boundingBox(), await shown.boundingBox()];
    expect(tipBox!.y).toBeGreaterThanOrEqual(badgeBox!.y + badgeBox!.height);
    await expectAccessible(guest);
    await snap(guest, 'profile-guest-verified');
    await guest.context().close();
  });
});
