import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, newPage, registerViaApi, snap, useBrowser } from './harness';

/** Place search (DECISIONS 11 and 12; docs/decisions/0120): the distance origin and a new post's pin. */
describe('finding a place by its name', () => {
  const ctx = useBrowser();
  const BRACEBRIDGE = '45.0390,-79.3090';
  const LOCATION = '43.7700,-79.2300';

  /** The `near` of the list requests the page makes from now on, in order. */
  const nearsSent = (page: Page) => {
    const nears: (string | null)[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/posts?')) nears.push(new URL(req.url()).searchParams.get('near'));
    });
    return nears;
  };

  it("finds a place far from Ontario in the built-in list, saying where each one is (0125)", async () => {
    const page = await newPage(ctx.browser, { width: 390 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Choose a place' }).click();
    const box = page.getByRole('combobox', { name: 'Measure distances from' });
    await box.fill('vancouver');
    const options = page.getByRole('option');
    await options.first().waitFor();
    expect(await options.nth(0).innerText()).toMatch(/^Vancouver\s+British Columbia$/);
    expect(await options.nth(1).innerText()).toMatch(/^Vancouver\s+Washington, United States$/);
    await expectAccessible(page);
    await snap(page, 'place-search-world');
    await box.press('Enter');
    await page.getByText('Distances from Vancouver', { exact: true }).waitFor();
    await page.context().close();
  });

  it('measures distances from a place the guest picks, keeps it on the device, and gives it up for their location', async () => {
    const page = await newPage(ctx.browser, { width: 390, permissions: ['geolocation'], geolocation: { latitude: 43.77, longitude: -79.23 } });
    // Only the filter asks for the location; with none granted yet, the default origin is named.
    await page.context().clearPermissions();
    await page.goto('/?distance=10miles');
    const line = page.getByText(/^Distances from/);
    await line.waitFor();

    await page.getByRole('button', { name: 'Choose a place' }).click();
    const box = page.getByRole('combobox', { name: 'Measure distances from' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await box.fill('bracebr');
    const option = page.getByRole('option', { name: /Bracebridge/ });
    await option.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page);
    await snap(page, 'place-search-origin');

    const nears = nearsSent(page);
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await box.press('Enter');
    await page.getByText('Distances from Bracebridge', { exact: true }).waitFor();
    await expect.poll(() => nears.at(-1)).toBe(BRACEBRIDGE);
    // Focus goes back to what opened the search, which now offers to change the place.
    const change = page.getByRole('button', { name: 'Change place' });
    await expect.poll(() => change.evaluate((el) => el === document.activeElement)).toBe(true);

    // Kept on the device: a reload still measures from it.
    nears.length = 0;
    await page.reload();
    await page.getByText('Distances from Bracebridge', { exact: true }).waitFor();
    await expect.poll(() => nears.at(-1)).toBe(BRACEBRIDGE);

    // 'Use my location' forgets the place; until the location is known, the list stays where it was.
    await page.context().grantPermissions(['geolocation']);
    nears.length = 0;
    await change.click();
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.getByText('Distances from your location', { exact: true }).waitFor();
    await expect.poll(() => nears.at(-1)).toBe(LOCATION);
    expect(nears.every((near) => near === LOCATION)).toBe(true);
    await page.reload();
    await page.getByText('Distances from your location', { exact: true }).waitFor();
  });

  it('offers a place without a distance filter too (every card shows a distance), and says when none matches', async () => {
    const page = await newPage(ctx.browser);
    await page.goto('/');
    await page.getByText('Distances from downtown Toronto — allow location or choose a place for better results').waitFor();
    await page.getByRole('button', { name: 'Choose a place' }).click();
    await page.getByRole('combobox', { name: 'Measure distances from' }).fill('Atlantis');
    await page.getByText('No place found for “Atlantis”. Try a town or a neighbourhood.').waitFor();
  });

  it("places a new post's pin at a place found by name, without Enter sending the form or Escape closing it", async () => {
    const page = await newPage(ctx.browser, { width: 1280 });
    await registerViaApi(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Upload FREE (No Signup)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Fruit Post' });
    await dialog.waitFor();

    const box = dialog.getByRole('combobox', { name: 'Find a place' });
    await box.fill('leslie');
    await dialog.getByRole('option', { name: /Leslieville/ }).waitFor();
    await box.press('Escape');
    await dialog.getByRole('listbox').waitFor({ state: 'hidden' });
    expect(await dialog.isVisible()).toBe(true);

    await box.fill('leslievil');
    await dialog.getByRole('option', { name: /Leslieville/ }).waitFor();
    await box.scrollIntoViewIfNeeded();
    await snap(page, 'place-search-create');
    await box.press('Enter');
    await dialog.getByText('43.6631, -79.3329').waitFor();
    await dialog.getByText('Pin placed. Drag it or tap the map to move it.').waitFor();
    // Enter picked the place; the form was not sent (it would say what is missing).
    expect(await dialog.getByText('Title is required').count()).toBe(0);
    expect(await box.inputValue()).toBe('Leslieville');
    await expectAccessible(page);
  });
});
