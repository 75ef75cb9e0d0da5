import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPostViaApi, expectAccessible, expectToast, newPage, registerViaApi, snap, toastRegion, useBrowser } from './harness';
import { cardOf, closeWithEscape, commentViaApi, hasFocus, holdsFocus, requestsOfTwoClicks } from './community-helpers';
import { uniqueToken } from './posts-helpers';
import { COMMENT_TEXTS } from '../../src/domain/comments';
import { COMMENTS_OPEN_PARAM, postPath } from '../../src/domain/post-values';

/** Comments (spec §2 dialog 3, §5, §8; DECISIONS 19): members write them, everyone reads them. */
describe('comments on a post', () => {
  const ctx = useBrowser();
  const token = uniqueToken();
  const title = `Quinces ${token}`;
  let owner: Page;
  let member: Page;
  let ownerName: string;
  let memberName: string;
  let postId: string;

  beforeAll(async () => {
    owner = await newPage(ctx.browser);
    member = await newPage(ctx.browser);
    ownerName = (await registerViaApi(owner)).username;
    memberName = (await registerViaApi(member)).username;
    postId = (await createPostViaApi(owner, { type: 'fruit', title, description: 'Fragrant quinces.', address: '4 Orchard Rd, Toronto' })).id;
  });

  const dialogOf = (page: Page) => page.getByRole('dialog', { name: title });

  it("lets a member comment on another member's post, and the card counts it", async () => {
    await member.goto(`/?q=${token}`);
    const opener = cardOf(member, title).getByRole('button', { name: 'Be the first to comment' });
    await opener.click();
    const dialog = dialogOf(member);
    await dialog.getByText('No comments yet. Be the first to comment!').waitFor();
    await expect.poll(() => holdsFocus(dialog)).toBe(true);

    const field = dialog.getByLabel('Add a comment');
    const send = dialog.getByRole('button', { name: 'Post Comment' });
    await dialog.getByText('0/500 characters').waitFor();
    expect(await send.isDisabled()).toBe(true);
    await field.fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await field.fill('  Are the quinces still there?  ');
    await dialog.getByText('32/500 characters').waitFor();
    await expectAccessible(member);
    await snap(member, 'comments-dialog-empty');

    const sent = member.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/posts/${postId}/comments`));
    await send.click();
    expect((await sent).postDataJSON()).toEqual({ content: 'Are the quinces still there?' });
    await expectToast(member, 'Comment added');
    await expectToast(member, 'Your comment has been posted successfully');
    await dialog.getByText('Are the quinces still there?', { exact: true }).waitFor();
    await expect.poll(() => field.inputValue()).toBe('');
    // The author by name (DECISIONS 19), with the comment's age.
    await dialog.getByRole('button', { name: memberName }).waitFor();
    await dialog.getByText('Just now').waitFor();

    // Escape closes the dialog, not the toast it raised above it, which stays its few seconds; closed,
    // the dialog gives focus back to the card's button, which counts the comment now.
    const toast = toastRegion(member).locator('li[data-state="open"]');
    expect(await toast.count()).toBe(1);
    await closeWithEscape(dialog);
    expect(await toast.count()).toBe(1);
    const counted = cardOf(member, title).getByRole('button', { name: /^1 comment on / });
    await expect.poll(() => hasFocus(counted)).toBe(true);
    // Away from any dialog, Escape closes the toast.
    await member.keyboard.press('Escape');
    await toast.waitFor({ state: 'detached' });
  });

  it("shows the failure, the validation and the server's limit in toasts", async () => {
    await member.goto(`/?q=${token}`);
    await cardOf(member, title).getByRole('button', { name: '1 comment' }).click();
    const dialog = dialogOf(member);
    const field = dialog.getByLabel('Add a comment');
    const send = dialog.getByRole('button', { name: 'Post Comment' });

    const comments = `**/api/posts/${postId}/comments`;
    await member.route(comments, (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await field.fill('Do you need a ladder?');
    await send.click();
    await expectToast(member, 'Error');
    await expectToast(member, 'Failed to add comment. Please try again.');
    expect(await field.inputValue()).toBe('Do you need a ladder?');
    await member.unroute(comments);

    // Spec §5: the textarea enforces 500 characters.
    expect(await field.getAttribute('maxlength')).toBe('500');
    // A browser that lets more than 500 characters through: the schema's message, nothing sent.
    await field.evaluate((el) => el.removeAttribute('maxlength'));
    await field.fill('a'.repeat(501));
    await dialog.getByText('501/500 characters').waitFor();
    await send.click();
    await expectToast(member, 'Invalid comment');
    await expectToast(member, 'Comment too long');

    // Ten comments in ten minutes, then the server asks to wait (DECISIONS 21).
    for (let n = 2; n <= 10; n += 1) await commentViaApi(member, postId, `Comment number ${n}`);
    await field.fill('One more thing');
    await send.click();
    await expectToast(member, 'Too many comments. Please try again in 10 minutes.');
  });

  it("pages to older comments, opens an author's profile, and lets the author delete a comment", async () => {
    await commentViaApi(owner, postId, 'Yes, plenty left on the tree.');
    await member.goto(`/?q=${token}`);
    await cardOf(member, title).getByRole('button', { name: '11 comments' }).click();
    const dialog = dialogOf(member);
    const items = dialog.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(10);
    // Newest first: the owner's answer on top, the first question behind 'Show older comments'.
    expect(await items.first().textContent()).toContain('Yes, plenty left on the tree.');
    const older = dialog.getByRole('button', { name: 'Show older comments' });
    await older.focus();
    await member.keyboard.press('Enter');
    await dialog.getByText('Are the quinces still there?', { exact: true }).waitFor();
    await older.waitFor({ state: 'detached' });
    // Focus went to the first older comment, not to the page.
    await expect.poll(() => hasFocus(items.nth(10).getByRole('button', { name: memberName }))).toBe(true);

    // The author's name opens their profile; closing it comes back to the name.
    const author = items.first().getByRole('button', { name: ownerName });
    await author.click();
    const profile = member.getByRole('dialog', { name: ownerName });
    await profile.getByText('Community Member Profile').waitFor();
    await member.keyboard.press('Escape');
    await profile.waitFor({ state: 'hidden' });
    await expect.poll(() => hasFocus(author)).toBe(true);
    await dialog.waitFor();

    // Only the author (or an admin) may delete: none on the owner's comment.
    expect(await items.first().getByRole('button', { name: 'Delete comment' }).count()).toBe(0);
    const mine = items.filter({ hasText: 'Comment number 10' });
    await mine.getByRole('button', { name: 'Delete comment' }).click();
    const confirm = member.getByRole('alertdialog', { name: 'Delete this comment?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(member, 'Comment deleted');
    await dialog.getByText('Comment number 10').waitFor({ state: 'detached' });
    await expect.poll(() => holdsFocus(dialog)).toBe(true);
    await snap(member, 'comments-dialog');
    await closeWithEscape(dialog);
    await cardOf(member, title).getByRole('button', { name: /^10 comments on / }).waitFor();
  });

  it('posts a comment once when Post Comment is clicked twice faster than a render (0148)', async () => {
    const twice = await newPage(ctx.browser);
    await registerViaApi(twice);
    // Its own token: a guest's search for the first post's must still find that one first.
    const other = `Medlars ${uniqueToken()}`;
    const otherId = (await createPostViaApi(owner, { type: 'fruit', title: other, description: 'Bletted medlars.', address: '6 Orchard Rd, Toronto' })).id;
    await twice.goto(`/?q=${encodeURIComponent(other)}`);
    await cardOf(twice, other).getByRole('button', { name: 'Be the first to comment' }).click();
    const dialog = twice.getByRole('dialog', { name: other });
    await dialog.getByLabel('Add a comment').fill('May I come on Saturday?');
    const posts = await requestsOfTwoClicks(dialog.getByRole('button', { name: 'Post Comment' }), (method, url) => method === 'POST' && url.endsWith(`/api/posts/${otherId}/comments`));
    expect(posts).toBe(1);
    await dialog.getByText('May I come on Saturday?', { exact: true }).waitFor();
    expect(await dialog.getByText('May I come on Saturday?', { exact: true }).count()).toBe(1);
    await twice.context().close();
  });

  it("asks a neighbour for a question or thanks, and the post's owner for answers (0148)", async () => {
    for (const [page, prompt, placeholder] of [
      [member, COMMENT_TEXTS.prompt, COMMENT_TEXTS.placeholder],
      [owner, COMMENT_TEXTS.ownerPrompt, COMMENT_TEXTS.ownerPlaceholder],
    ] as const) {
      await page.goto(`${postPath(postId)}&${COMMENTS_OPEN_PARAM}=1`);
      const dialog = dialogOf(page);
      await dialog.getByText(prompt, { exact: true }).waitFor();
      expect(await dialog.getByLabel('Add a comment').getAttribute('placeholder')).toBe(placeholder);
    }
  });

  it('lets a guest read the comments and asks them to sign in to write one', async () => {
    const guest = await newPage(ctx.browser, { width: 390 });
    await guest.goto(`/?q=${token}`);
    await cardOf(guest, title).getByRole('button', { name: '10 comments' }).click();
    const dialog = dialogOf(guest);
    await dialog.getByText('Yes, plenty left on the tree.').waitFor();
    expect(await dialog.getByLabel('Add a comment').count()).toBe(0);
    const signIn = dialog.getByRole('link', { name: 'Sign in to comment' });
    expect(await signIn.getAttribute('href')).toBe(`/login?${new URLSearchParams({ redirect: `/?q=${token}` })}`);
    await expectAccessible(guest);
    await snap(guest, 'comments-dialog-guest');
    await guest.context().close();
  });
});
