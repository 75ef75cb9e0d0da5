import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import {
  BASE_URL,
  createPostViaApi,
  expectAccessible,
  expectToast,
  newPage,
  registerViaApi,
  snap,
  spillsOut,
  toastRegion,
  useBrowser,
} from './harness';
import { uniqueToken } from './posts-helpers';
import { POST_FORM_DESCRIPTION, POST_GONE_TEXT } from '../../src/domain/post-values';

/** An owner edits and deletes a post from its card (DECISIONS 17); another member cannot. */
describe('an owner managing a post', () => {
  const ctx = useBrowser();
  const token = uniqueToken();
  const title = `Pears ${token}`;
  const newTitle = `Ripe pears ${token}`;
  let owner: Page;
  let other: Page;
  let postId: string;

  beforeAll(async () => {
    owner = await newPage(ctx.browser, { width: 1280 });
    other = await newPage(ctx.browser, { width: 1280 });
    await registerViaApi(owner);
    await registerViaApi(other);
    postId = (await createPostViaApi(owner, {
      type: 'fruit',
      title,
      description: 'Juicy pears, bring a bag.',
      address: '3 Pear Lane, Toronto',
      quantity: 'A few bags',
    })).id;
  });

  const cardOf = (page: Page, name: string) =>
    page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

  it('shows no manage button to another member', async () => {
    await other.goto(`/?q=${token}`);
    const card = cardOf(other, title);
    await card.waitFor();
    await card.getByRole('button', { name: `Share ${title}` }).waitFor();
    expect(await card.getByRole('button', { name: `Manage ${title}` }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Edit status' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Report post' }).waitFor();
    await card.getByRole('button', { name: 'Message' }).waitFor();
  });

  it('offers no messaging or reporting of its own post to the owner', async () => {
    await owner.goto(`/?q=${token}`);
    const card = cardOf(owner, title);
    await card.getByRole('button', { name: `Manage ${title}` }).waitFor();
    expect(await card.getByRole('button', { name: 'Report post' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Message' }).count()).toBe(0);
    await card.getByRole('button', { name: `Share ${title}` }).waitFor();
  });

  it('edits the title through the edit dialog and sees it on the card', async () => {
    await owner.goto(`/?q=${token}`);
    const card = cardOf(owner, title);
    // By keyboard: Enter opens the menu (loaded on first use) with its first item focused.
    await card.getByRole('button', { name: `Manage ${title}` }).focus();
    await owner.keyboard.press('Enter');
    const edit = owner.getByRole('menuitem', { name: 'Edit post' });
    await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);
    await owner.keyboard.press('Enter');

    const dialog = owner.getByRole('dialog', { name: 'Edit Post' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('Title').inputValue()).toBe(title);
    // It asks for changes, not a new post (0149).
    expect(await dialog.getAttribute('aria-describedby').then((id) => owner.locator(`[id="${id}"]`).textContent())).toBe(POST_FORM_DESCRIPTION.edit);
    // It starts on the title (0132).
    expect(await dialog.getByLabel('Title').evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => dialog.getByLabel('Quantity (optional)').inputValue()).toBe('A few bags');
    await expectAccessible(owner);
    await snap(owner, 'edit-post-dialog');

    await dialog.getByLabel('Title').fill(newTitle);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(owner, 'Post updated.');
    await dialog.waitFor({ state: 'hidden' });
    const edited = cardOf(owner, newTitle);
    await edited.waitFor();
    await edited.getByText('A few bags').waitFor();
    // Focus is back on the card's menu button, not at the top of the page.
    const menuButton = edited.getByRole('button', { name: `Manage ${newTitle}` });
    await expect.poll(() => menuButton.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('deletes the post after confirming and it leaves the list', async () => {
    // A second card in the list, to take focus once the deleted one has gone.
    const neighbour = `Quinces ${token}`;
    await createPostViaApi(owner, { type: 'fruit', title: neighbour, description: 'Hard but fragrant.', address: '5 Pear Lane, Toronto' });
    await owner.reload();
    await cardOf(owner, neighbour).waitFor();
    const card = cardOf(owner, newTitle);
    const manage = card.getByRole('button', { name: `Manage ${newTitle}` });
    const confirm = owner.getByRole('alertdialog', { name: 'Delete this post?' });
    // Cancelled, the dialog gives focus back to the menu's button it was opened from.
    await manage.click();
    await owner.getByRole('menuitem', { name: 'Delete post' }).click();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => manage.evaluate((el) => el === document.activeElement)).toBe(true);

    await manage.click();
    await owner.getByRole('menuitem', { name: 'Delete post' }).click();
    await confirm.getByText('This cannot be undone.').waitFor();
    await snap(owner, 'delete-post-dialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(owner, 'Post deleted.');
    await card.waitFor({ state: 'detached' });
    // Its menu button went with it: focus goes to the card beside it, not to the page.
    const focusedCard = () =>
      owner.evaluate(() => {
        const card = document.activeElement?.closest('[role="article"]');
        return document.getElementById(card?.getAttribute('aria-labelledby') ?? '')?.textContent ?? null;
      });
    await expect.poll(focusedCard).toBe(neighbour);

    await owner.reload();
    await owner.getByRole('searchbox', { name: 'Search posts' }).waitFor();
    await expect.poll(() => cardOf(owner, newTitle).count()).toBe(0);
    // Its link says it is gone without naming a reason it cannot know (hidden, or deleted).
    await other.goto(`/?post=${postId}`);
    const gone = other.getByRole('dialog', { name: 'Post not found' });
    await gone.getByText(POST_GONE_TEXT).waitFor();
  });

  it('wraps long words inside the card and the Update Status dialog on a phone', async () => {
    const word = `${token}${'pear'.repeat(18)}`;
    await createPostViaApi(owner, {
      type: 'fruit',
      title: word,
      description: `Photos: https://example.org/${'pears/'.repeat(15)}`,
      address: '3 Pear Lane, Toronto',
    });
    await owner.setViewportSize({ width: 390, height: 900 });
    await owner.goto(`/?q=${word}`);
    const card = cardOf(owner, word);
    await card.waitFor();
    await card.getByRole('button', { name: 'Edit status' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Update Status' });
    await dialog.getByLabel('Notes (optional)').fill('n'.repeat(300));
    expect(await spillsOut(dialog)).toEqual([]);
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    await expectToast(owner, 'Status Updated');
    await card.getByText('n'.repeat(300)).waitFor();
    expect(await spillsOut(card)).toEqual([]);
    expect(await spillsOut(owner.locator('main'))).toEqual([]);
    expect(await spillsOut(toastRegion(owner))).toEqual([]);
    await snap(owner, 'long-words-card');
    await owner.setViewportSize({ width: 1280, height: 900 });
  });

  it('keeps a portrait photo in the 4:3 frame, on the card and in the post’s dialog, on both widths (0149)', async () => {
    const portrait = `Tall pear tree ${token}`;
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1600"><rect width="900" height="1600" fill="#6a994e"/></svg>';
    const res = await owner.request.post('/api/posts', {
      multipart: {
        type: 'fruit',
        title: portrait,
        description: 'The whole tree, top to bottom.',
        address: '3 Pear Lane, Toronto',
        image: { name: 'tree.jpg', mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg().toBuffer() },
      },
      headers: { Origin: BASE_URL },
    });
    expect(res.status()).toBe(201);
    const id = ((await res.json()) as { id: string }).id;
    // The frame: the photo's parent, as wide as the card, three quarters as high, once the photo
    // has loaded (until then it has no height of its own to grow the frame to).
    const frameRatio = async (scope: ReturnType<Page['locator']>) => {
      const img = scope.getByRole('img', { name: `Photo: ${portrait}` });
      // Loaded lazily: below the fold on a phone, it would never load.
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      return img.evaluate((el) => {
        const box = el.parentElement!.getBoundingClientRect();
        return Math.round((box.height / box.width) * 100) / 100;
      });
    };
    for (const width of [390, 1280]) {
      await owner.setViewportSize({ width, height: 900 });
      await owner.goto(`/?q=${encodeURIComponent(portrait)}`);
      const card = cardOf(owner, portrait);
      await card.getByRole('img', { name: `Photo: ${portrait}` }).waitFor();
      expect(await frameRatio(card)).toBe(0.75);
      await owner.goto(`/?post=${id}`);
      const dialog = owner.getByRole('dialog', { name: 'Post details' });
      await dialog.getByRole('img', { name: `Photo: ${portrait}` }).waitFor();
      expect(await frameRatio(dialog)).toBe(0.75);
      // Shown wider than the card, it is the full photo, not the card's thumbnail.
      expect(await dialog.getByRole('img', { name: `Photo: ${portrait}` }).getAttribute('src')).not.toMatch(/-thumb\./);
      // The post's title and what to do with it are on the first screen, not below a tall photo.
      expect(await dialog.getByRole('heading', { name: portrait }).evaluate((h) => h.getBoundingClientRect().bottom)).toBeLessThan(900);
    }
    await snap(owner, 'portrait-post-dialog');
  });

  it('closes the post’s dialog once the post is deleted from it, the card leaving the list (0149)', async () => {
    const deleted = `Windfall pears ${token}`;
    const beside = `Late pears ${token}`;
    await createPostViaApi(owner, { type: 'fruit', title: beside, description: 'Still on the tree.', address: '3 Pear Lane, Toronto' });
    const { id } = await createPostViaApi(owner, { type: 'fruit', title: deleted, description: 'On the grass.', address: '3 Pear Lane, Toronto' });
    await owner.goto(`/?q=${encodeURIComponent(token)}&post=${id}`);
    const dialog = owner.getByRole('dialog', { name: 'Post details' });
    await dialog.getByRole('heading', { name: deleted }).waitFor();

    await dialog.getByRole('button', { name: `Manage ${deleted}` }).click();
    await owner.getByRole('menuitem', { name: 'Delete post' }).click();
    await owner.getByRole('alertdialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(owner, 'Post deleted.');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(owner.url()).searchParams.get('post')).toBeNull();
    await cardOf(owner, beside).waitFor();
    await expect.poll(() => cardOf(owner, deleted).count()).toBe(0);
    // Opened from its link, with nothing on the page focused: the page's main region has the focus.
    await expect.poll(() => owner.evaluate(() => document.getElementById('main')?.contains(document.activeElement) ?? false)).toBe(true);
  });
});

