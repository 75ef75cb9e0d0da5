import type { Locator, Page } from 'playwright-core';

/** The header's notification bell, whatever its unread count. */
export const bell = (page: Page): Locator =>
  page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

/** The bell's open list (a popover labelled by its heading). */
export const bellList = (page: Page): Locator => page.getByRole('dialog', { name: 'Notifications' });

/** Opens the bell and waits until the socket is live, so what is sent from now on arrives live. */
export async function openBellLive(page: Page): Promise<Locator> {
  await bell(page).click();
  const list = bellList(page);
  await list.getByText('Live', { exact: true }).waitFor();
  return list;
}

/** The accessible name of the focused element (its aria-label or text), for focus checks. */
export const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? null;
  });
