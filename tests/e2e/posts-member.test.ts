import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { expectAccessible, expectToast, hitsInside, newPage, registerViaApi, snap, useBrowser } from './harness';
import { expectToastPair } from './access-helpers';
import { createPosts, photo, uniqueToken } from './posts-helpers';

/** One member's session through the posts journeys, in order. */
describe('a member sharing and finding posts', () => {
  const ctx = useBrowser();
  const token = uniqueToken();
  const title = `Plums ${token}`;
  let page: Page;

  beforeAll(async () => {
    page = await newPage(ctx.browser, { width: 1280 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await registerViaApi(page);
  });

  const card = () => page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

  it('posts with a photo and sees the post at the top of the list', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Upload FREE (No Signup)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Fruit Post' });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Share post' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByText('Address is required').waitFor();
    await snap(page, 'create-post-dialog');

    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Sweet purple plums, ladder available.');
    await dialog.getByLabel('Address').fill('12 Maple St, Toronto');
    await dialog.getByLabel('Quantity (optional)').fill('Lots, several bags');
    const file = dialog.locator('input[type=file]');
    await file.setInputFiles(await photo());
    await dialog.getByRole('img', { name: 'Preview of the chosen photo' }).waitFor();
    // Removed, the photo hands focus to the drop zone that takes its place; then chosen again.
    await dialog.getByRole('button', { name: 'Remove image' }).click();
    await expect.poll(() => file.evaluate((el) => el === document.activeElement)).toBe(true);
    await file.setInputFiles(await photo());
    await dialog.getByRole('img', { name: 'Preview of the chosen photo' }).waitFor();
    await expectButtonsAboveTheMap(page);
    await dialog.getByRole('button', { name: 'Share post' }).click();

    await expectToast(page, 'Success!');
    await dialog.waitFor({ state: 'hidden' });
    const first = page.getByRole('article').first();
    await first.getByRole('heading', { name: title }).waitFor();
    await first.getByRole('img', { name: `Photo: ${title}` }).waitFor();
    // The header shows the member with the same avatar as their post.
    const avatar = '.bg-gradient-to-br.rounded-full';
    const headerAvatar = page.getByRole('button', { name: 'Profile menu' }).locator(avatar);
    expect(await headerAvatar.textContent()).toBe(await first.locator(avatar).textContent());
    const gradient = async (of: Locator) => (await of.getAttribute('class'))?.match(/from-\S+ to-\S+/)?.[0];
    expect(await gradient(headerAvatar)).toBe(await gradient(first.locator(avatar)));
    await snap(page, 'home-list');

    // The card crops the photo to its frame; the post's own dialog shows all of it (0146).
    const fit = (img: Locator) => img.evaluate((el) => getComputedStyle(el).objectFit);
    expect(await fit(first.getByRole('img', { name: `Photo: ${title}` }))).toBe('cover');
    const [mine] = (await (await page.request.get(`/api/posts?type=fruit&q=${encodeURIComponent(title)}`)).json()) as Array<{ id: string }>;
    await page.goto(`/?post=${mine!.id}`);
    const whole = page.getByRole('dialog', { name: 'Post details' }).getByRole('img', { name: `Photo: ${title}` });
    await whole.waitFor();
    expect(await fit(whole)).toBe('contain');
    await snap(page, 'post-dialog-photo');
    await page.keyboard.press('Escape');
  });

  it('replaces the post’s photo in one step, and keeps it when the new one is refused (0147)', async () => {
    await page.goto(`/?q=${token}`);
    const before = await card().getByRole('img', { name: `Photo: ${title}` }).getAttribute('src');
    await card().getByRole('button', { name: `Manage ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Edit post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Post' });
    await dialog.getByRole('img', { name: 'The current photo' }).waitFor();
    const replace = dialog.getByRole('button', { name: 'Replace image' });

    // A refused file says why and leaves the photo there.
    let chooser = page.waitForEvent('filechooser');
    await replace.click();
    await (await chooser).setFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await dialog.getByRole('alert').getByText('SVG images are not supported.', { exact: false }).waitFor();
    await dialog.getByRole('img', { name: 'The current photo' }).waitFor();

    chooser = page.waitForEvent('filechooser');
    await replace.click();
    await (await chooser).setFiles(await photo('pears.jpg', '#e9c46a'));
    await dialog.getByRole('img', { name: 'Preview of the chosen photo' }).waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await snap(page, 'edit-post-replace-photo');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Post updated.');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => card().getByRole('img', { name: `Photo: ${title}` }).getAttribute('src')).not.toBe(before);
    const stored = await page.request.get(String(await card().getByRole('img', { name: `Photo: ${title}` }).getAttribute('src')));
    expect(stored.status()).toBe(200);
  });

  it("shows skeleton cards, not the last tab's posts, while another tab loads", async () => {
    await page.goto('/');
    await card().waitFor();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const firewood = /\/api\/posts\?.*type=firewood/;
    await page.route(firewood, async (route) => {
      await held;
      await route.fallback();
    });
    try {
      await page.getByRole('navigation', { name: 'Post type' }).getByRole('link', { name: 'Firewood' }).click();
      await page.getByRole('status', { name: 'Loading posts' }).waitFor();
      expect(await card().count()).toBe(0);
    } finally {
      release();
      await page.unroute(firewood);
    }
    await page.getByRole('status', { name: 'Loading posts' }).waitFor({ state: 'detached' });
    await page.goto('/');
    await card().waitFor();
  });

  it('updates the status of its post', async () => {
    await card().getByRole('button', { name: 'Edit status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Status' });
    await dialog.getByText('Current status:').waitFor();
    await dialog.getByLabel('New status').selectOption('limited');
    await dialog.getByLabel('Notes (optional)').fill('Only the top branches left');
    await dialog.getByText('26/300 characters').waitFor();
    await snap(page, 'update-status-dialog');
    // Spec §8: a failed update says so, and the dialog keeps what was chosen.
    const statusCall = '**/api/posts/*/status';
    await page.route(statusCall, (route) => route.fulfill({ status: 500, body: '' }));
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    await expectToastPair(page, 'Error', 'Failed to update status. Please try again.');
    expect(await dialog.getByLabel('Notes (optional)').inputValue()).toBe('Only the top branches left');
    await page.unroute(statusCall);
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    await expectToast(page, 'Status Updated');
    await card().getByText('Limited', { exact: true }).waitFor();
    await card().getByText('Only the top branches left').waitFor();

    // Spec §4: nothing changed, the dialog closes with no call.
    const calls: string[] = [];
    const record = (request: { url(): string; method(): string }) => {
      if (request.method() === 'PATCH') calls.push(request.url());
    };
    page.on('request', record);
    await card().getByRole('button', { name: 'Edit status' }).click();
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    await dialog.waitFor({ state: 'hidden' });
    page.off('request', record);
    expect(calls).toEqual([]);

    // The saved notes go with the saved status: another status starts without them (0150).
    await card().getByRole('button', { name: 'Edit status' }).click();
    const notes = dialog.getByLabel('Notes (optional)');
    expect(await notes.inputValue()).toBe('Only the top branches left');
    await dialog.getByLabel('New status').selectOption('unavailable');
    expect(await notes.inputValue()).toBe('');
    await dialog.getByLabel('New status').selectOption('limited');
    expect(await notes.inputValue()).toBe('Only the top branches left');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('filters with search and dropdowns, shows chips, keeps them on reload and clears them', async () => {
    await page.getByRole('searchbox', { name: 'Search posts' }).fill(token);
    await page.waitForURL(`**/?*q=${token}*`);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('limited');
    await page.getByRole('combobox', { name: 'Amount' }).selectOption('large');
    await page.waitForURL(/status=limited/);
    await page.getByRole('button', { name: `Remove filter “${token}”` }).waitFor();
    await page.getByRole('button', { name: 'Remove filter Limited' }).waitFor();
    await page.getByRole('button', { name: 'Remove filter Large amount' }).waitFor();
    await card().waitFor();
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await expectAccessible(page);
    await snap(page, 'home-filters');

    await page.reload();
    await card().waitFor();
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search posts' }).inputValue()).toBe(token);
    await expect.poll(() => page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('limited');
    await page.getByRole('button', { name: 'Remove filter Large amount' }).waitFor();

    await page.getByRole('button', { name: 'Remove filter Limited' }).click();
    await page.waitForURL((url) => !url.search.includes('status='));
    await expect.poll(() => page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('all');
    // Focus goes to the chip that took the removed one's place, not to the page.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);
    await expect.poll(focused).toBe('Remove filter Large amount');

    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await page.waitForURL((url) => !url.search.includes('q=') && !url.search.includes('amount='));
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search posts' }).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Clear All Filters' }).waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
  });

  it('copies the share link and opens the shared post from it', async () => {
    await card()
      .getByRole('button', { name: `Share ${title}` })
      .click();
    // An open menu does not hide a page whose buttons stay focusable (axe: aria-hidden-focus).
    await page.getByRole('menuitem', { name: 'Copy Link' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('menuitem', { name: 'Copy Link' }).click();
    await expectToast(page, 'Link copied!');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/\?post=[0-9a-f-]{36}$/);

    await page.goto(link);
    const dialog = page.getByRole('dialog', { name: 'Post details' });
    await dialog.getByRole('heading', { name: title }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).not.toContain('post=');
  });

  it('favourites the post and finds it on /favorites', async () => {
    await page.goto(`/?q=${token}`);
    const heart = card().getByRole('button', { name: `Favorite ${title}` });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    // Spec §8: a failed change says so, and the heart goes back.
    await page.route('**/api/favorites', (route) => route.fulfill({ status: 500, body: '' }));
    await heart.click();
    await expectToastPair(page, 'Error', 'Failed to update favorites. Please try again.');
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    await page.unroute('**/api/favorites');
    await heart.click();
    await expectToast(page, 'Added to favorites');
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('banner').getByRole('link', { name: 'Favorites' }).click();
    await page.getByRole('heading', { name: 'My Favorites' }).waitFor();
    await page.getByText('1 saved post', { exact: true }).waitFor();
    await card().waitFor();
    await expectAccessible(page);
    await snap(page, 'favorites');

    await card()
      .getByRole('button', { name: `Favorite ${title}` })
      .click();
    await expectToast(page, 'Removed from favorites');
    await page.getByRole('link', { name: 'Browse Posts' }).waitFor();
    // The card left with the focus: it is on what took its place, not on the page (0133).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('No saved posts yet');
  });

  /**
   * Holds the page's GET /api/session until `act` calls `release` (each journey does after its
   * click), then lets it answer; released in any case.
   */
  async function whileSessionHeld(act: (release: () => void) => Promise<void>): Promise<void> {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/session', async (route) => {
      await held;
      await route.fallback();
    });
    try {
      await act(release);
    } finally {
      release();
      await page.unroute('**/api/session');
    }
  }

  it('favourites the post when the heart is pressed before the session has answered', async () => {
    await whileSessionHeld(async (release) => {
      await page.goto(`/?q=${token}`);
      const heart = card().getByRole('button', { name: `Favorite ${title}` });
      await heart.click();
      release();
      // The member is not told to sign in: the click waited for the session.
      await expectToast(page, 'Added to favorites');
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    });
    await card()
      .getByRole('button', { name: `Favorite ${title}` })
      .click();
    await expectToast(page, 'Removed from favorites');
  });

  it('opens the create dialog when Upload is pressed before the session has answered', async () => {
    await whileSessionHeld(async (release) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Upload FREE (No Signup)' }).click();
      release();
      await page.getByRole('dialog', { name: 'Add New Fruit Post' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    });
    await page.keyboard.press('Escape');
  });

  it('gives keyboard focus back to the Upload button when the create dialog closes', async () => {
    await page.goto('/');
    const upload = page.getByRole('button', { name: 'Upload FREE (No Signup)' });
    const dialog = page.getByRole('dialog', { name: 'Add New Fruit Post' });
    const uploadHasFocus = () => upload.evaluate((el) => el === document.activeElement);
    await upload.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(uploadHasFocus).toBe(true);

    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(uploadHasFocus).toBe(true);
  });

  it('reads well on a phone: the form’s examples show whole, the share banner is not squeezed beside its button', async () => {
    const dialog = page.getByRole('dialog');
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 844 });
      for (const type of ['fruit', 'firewood', 'skids']) {
        await page.goto(`/?type=${type}`);
        await page.getByRole('button', { name: 'Upload FREE (No Signup)' }).click();
        await dialog.getByLabel('Title').waitFor();
        expect(await placeholdersCut(dialog), `${type} at ${width} px`).toEqual([]);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }
    }
    // The banner's sentence takes most of its width, in three lines at most (five beside 'Share yours').
    const banner = page.getByRole('complementary', { name: 'Share what you have' });
    const text = banner.getByText('Got a fruit tree', { exact: false });
    const [box, line] = await Promise.all([banner.boundingBox(), text.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight))]);
    const textBox = (await text.boundingBox())!;
    expect(textBox.width).toBeGreaterThan(box!.width * 0.6);
    expect(Math.round(textBox.height / line)).toBeLessThanOrEqual(3);
    await snap(page, 'home-share-banner');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('shows the first invalid field and its message above the sticky buttons on a phone', async () => {
    const dialog = page.getByRole('dialog', { name: 'Add New Fruit Post' });
    const initials = dialog.getByLabel('Initials');
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/');
      await page.getByRole('button', { name: 'Upload FREE (No Signup)' }).click();
      await dialog.getByLabel('Title').fill('Initials too long');
      await dialog.getByLabel('Description').fill('Four letters where three fit.');
      await dialog.getByLabel('Address').fill('12 Maple St, Toronto');
      await initials.fill('ABCD');
      await dialog.getByRole('button', { name: 'Share post' }).click();
      const message = dialog.getByText('Maximum 3 characters');
      await message.waitFor();
      await expect.poll(() => initials.evaluate((el) => el === document.activeElement)).toBe(true);
      // Focused on Share post, the field and its message show between the dialog's top and its sticky buttons.
      const bar = dialog.getByRole('button', { name: 'Share post' }).locator('..');
      const [barBox, field, text, box] = await Promise.all(
        [bar, initials, message, dialog].map((el) => el.boundingBox()),
      );
      expect(field!.y, `${width} px`).toBeGreaterThanOrEqual(box!.y);
      expect(text!.y + text!.height, `${width} px`).toBeLessThanOrEqual(barBox!.y);
      await page.keyboard.press('Escape');
      await dialog.getByRole('button', { name: 'Discard' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('counts the description as it is typed, and takes no more than the server does (0146)', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Upload FREE (No Signup)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Fruit Post' });
    const description = dialog.getByLabel('Description');
    await dialog.getByText('0/2000 characters', { exact: true }).waitFor();
    await description.fill('Sweet and crisp.');
    await dialog.getByText('16/2000 characters', { exact: true }).waitFor();
    await description.fill('');
    await description.focus();
    await page.keyboard.insertText('x'.repeat(2100));
    expect((await description.inputValue()).length).toBe(2000);
    await dialog.getByText('2000/2000 characters', { exact: true }).waitFor();
    expect(await description.getAttribute('aria-describedby')).toBeTruthy();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('asks before Escape, Cancel or the close button throw away what was typed', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Upload FREE (No Signup)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Fruit Post' });
    await dialog.getByLabel('Title').fill('Half-written post');
    const ask = dialog.getByRole('alert').filter({ hasText: 'Discard this post?' });

    await page.keyboard.press('Escape');
    await ask.waitFor();
    await snap(page, 'create-post-discard');
    expect(await dialog.getByRole('button', { name: 'Keep editing' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Half-written post');
    // Focus goes back to where it was when Escape was pressed.
    expect(await dialog.getByLabel('Title').evaluate((el) => el === document.activeElement)).toBe(true);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor();
    await page.keyboard.press('Escape'); // a second Escape keeps editing
    await ask.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // One key typed and Escape at once, right after the form showed its errors: still asked.
    await page.getByRole('button', { name: 'Upload FREE (No Signup)' }).click();
    await dialog.getByRole('button', { name: 'Share post' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByLabel('Title').focus();
    await page.keyboard.type('x');
    await page.keyboard.press('Escape');
    await ask.waitFor();
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // A question left open when the post is shared does not come back with the next form.
    await page.getByRole('button', { name: 'Upload FREE (No Signup)' }).click();
    await dialog.getByLabel('Title').fill(`Shared anyway ${token}`);
    await dialog.getByLabel('Description').fill('Asked, then shared.');
    await dialog.getByLabel('Address').fill('1 Queen St W, Toronto');
    await page.keyboard.press('Escape');
    await ask.waitFor();
    await dialog.getByRole('button', { name: 'Share post' }).click();
    await expectToast(page, 'Success!');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Upload FREE (No Signup)' }).click();
    await dialog.getByLabel('Title').waitFor();
    expect(await ask.count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('refuses an SVG, a renamed document and a photo over 40 megapixels before uploading, and says so when the server fails', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Upload FREE (No Signup)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Fruit Post' });
    await dialog.waitFor();
    expect(await dialog.locator('input[type=file]').getAttribute('accept')).not.toContain('image/*');

    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
    await dialog
      .getByRole('alert')
      .getByText('SVG images are not supported. Please choose a JPEG, PNG, WebP, GIF or AVIF image.')
      .waitFor();
    expect(await dialog.getByRole('img', { name: 'Preview of the chosen photo' }).count()).toBe(0);

    // A document renamed to .jpg is refused at once, not after the upload.
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Shopping list: quinces') });
    await dialog
      .getByRole('alert')
      .getByText('This file is not an image that can be opened. Please choose a JPEG, PNG, WebP, GIF or AVIF image.')
      .waitFor();
    expect(await dialog.getByRole('img', { name: 'Preview of the chosen photo' }).count()).toBe(0);

    // A panorama of 41.6 megapixels in 0.25 MB: refused at once too, as the server would after the upload.
    const panorama = await sharp({ create: { width: 16_000, height: 2_600, channels: 3, background: '#8ab' } }).jpeg().toBuffer();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'panorama.jpg', mimeType: 'image/jpeg', buffer: panorama });
    await dialog.getByRole('alert').getByText('The image is larger than 40 megapixels. Please choose a smaller one.').waitFor();
    expect(await dialog.getByRole('img', { name: 'Preview of the chosen photo' }).count()).toBe(0);

    await dialog.getByLabel('Title').fill(`Quinces ${token}`);
    await dialog.getByLabel('Description').fill('A bucket of quinces.');
    await dialog.getByLabel('Address').fill('3 Elm St, Toronto');
    const failing = '**/api/posts';
    await page.route(failing, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({
              statusCode: 500,
              error: 'Internal Server Error',
              message: 'Internal Server Error',
            }),
          })
        : route.fallback(),
    );
    try {
      await dialog.getByRole('button', { name: 'Share post' }).click();
      await expectToast(page, 'Failed to create post. Please try again.');
      // The form stays open with what was typed, to try again, and the toast leaves its buttons free.
      expect(await dialog.getByLabel('Title').inputValue()).toBe(`Quinces ${token}`);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        for (const name of ['Share post', 'Cancel']) {
          expect(await hitsInside(dialog.getByRole('button', { name }), '[role="dialog"]'), `${name} at ${width}`).toBe(true);
        }
      }
      await snap(page, 'create-post-failed');
    } finally {
      await page.unroute(failing);
    }
  });
  it('shows a long description’s first lines on its card with “more”, and all of it in the post’s dialog (0140)', async () => {
    const tag = uniqueToken();
    const long = `Windfall apples ${tag}`;
    const text = `${'The old tree dropped more apples than we can use after last week’s storm, most of them sound. '.repeat(4)}Pick up after six; the dog is loose in the yard in the evening.`;
    const [longId] = await createPosts(page, [
      { title: long, description: text },
      { title: `Crab apples ${tag}`, description: 'One bag.' },
    ]);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`/?q=${tag}`);
    const longCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name: long }) });
    const more = longCard.getByRole('button', { name: 'Show more of the description' });
    await more.waitFor();
    const shortCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name: `Crab apples ${tag}` }) });
    expect(await shortCard.getByRole('button', { name: 'Show more of the description' }).count()).toBe(0);
    const description = longCard.getByText(/Pick up after six/);
    const hidesSome = (el: Locator) => el.evaluate((p) => p.scrollHeight > p.clientHeight + 1);
    expect(await hidesSome(description)).toBe(true);
    await snap(page, 'post-card-long-description');

    await more.click();
    await expect.poll(() => hidesSome(description)).toBe(false);
    const less = longCard.getByRole('button', { name: 'Show less' });
    expect(await less.getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page);
    await less.click();
    await expect.poll(() => hidesSome(description)).toBe(true);
    await more.waitFor();

    await page.goto(`/?post=${longId}`);
    const dialog = page.getByRole('dialog', { name: 'Post details' });
    const whole = dialog.getByText(/Pick up after six/);
    await whole.waitFor();
    expect(await hidesSome(whole)).toBe(false);
    expect(await dialog.getByRole('button', { name: 'Show more of the description' }).count()).toBe(0);
    await snap(page, 'post-dialog-long-description');
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

/**
 * Scrolls the create dialog's small map under its sticky buttons, a step at a time, at both
 * widths: the buttons stay on top of the map's zoom buttons, pin and credit line.
 */
async function expectButtonsAboveTheMap(page: Page) {
  const dialog = page.getByRole('dialog');
  const map = dialog.locator('.leaflet-container');
  const buttons = [dialog.getByRole('button', { name: 'Cancel' }), dialog.getByRole('button', { name: 'Share post' })];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    // The map's top at the dialog's bottom edge, then up through the buttons 16 px at a time.
    await dialog.evaluate((el) => {
      const top = el.querySelector('.leaflet-container')!.getBoundingClientRect().top;
      el.scrollBy(0, top - el.getBoundingClientRect().bottom);
    });
    let under = 0;
    for (let step = 0; step < 25; step++) {
      await dialog.evaluate((el) => el.scrollBy(0, 16));
      for (const button of buttons) {
        expect(await hitsInside(button, '.leaflet-container')).toBe(false);
        if (overlaps(await map.boundingBox(), await button.boundingBox())) under++;
      }
    }
    // The map did pass under the buttons.
    expect(under).toBeGreaterThan(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The inputs in `box` whose placeholder is wider than the room inside them (shown cut). */
function placeholdersCut(box: Locator): Promise<string[]> {
  return box.evaluate((root) => {
    const context = document.createElement('canvas').getContext('2d')!;
    return [...root.querySelectorAll<HTMLInputElement>('input[placeholder]')]
      .filter((input) => {
        const style = getComputedStyle(input);
        context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(input.placeholder).width > room;
      })
      .map((input) => input.placeholder);
  });
}

type Box = { x: number; y: number; width: number; height: number } | null;
const overlaps = (a: Box, b: Box) =>
  a !== null && b !== null && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
