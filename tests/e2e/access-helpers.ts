import type { Page, Route } from 'playwright-core';
import type { SessionView } from '../../src/domain/auth';

/** Answers GET /api/session with the server's answer changed by `change`. */
export async function changeSession(page: Page, change: (view: SessionView) => SessionView): Promise<void> {
  await page.route(
    (url) => url.pathname === '/api/session',
    async (route: Route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: change((await response.json()) as SessionView) });
    },
  );
}

/** The header's badge text, if any (large screens show it). */
export const headerBadge = (page: Page, text: string) =>
  page.getByRole('banner').getByText(text, { exact: true });

/**
 * The toasts' list, found by its markup rather than its role: while a modal dialog is open, Radix
 * hides the rest of the page (the toasts' region too) from the accessibility tree, and announces
 * each toast through a live region of its own.
 */
export const toasts = (page: Page) => page.locator('[data-toast-viewport]');

/** Waits for a toast with this title or description, over a dialog or not. */
export async function expectToastText(page: Page, text: string): Promise<void> {
  await toasts(page).getByText(text, { exact: true }).first().waitFor();
}

/** Waits for the toast (one at a time, spec §9) with this title and this description. */
export async function expectToastPair(page: Page, title: string, description: string): Promise<void> {
  await expectToastText(page, title);
  await expectToastText(page, description);
}

/** Opens a home page section by its toggle's name, unless it is open. */
async function openSection(page: Page, name: RegExp): Promise<void> {
  const toggle = page.getByRole('button', { name });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/**
 * The home page's invite section, opened: titled without the rewards for a member whose access
 * never ends (0148), which the session may say only after the page has shown them.
 */
async function openInviteSection(page: Page): Promise<void> {
  await openSection(page, /^Invite friends(, earn free access)? /);
}

/** A member's invite card and referral card (the last of their own cards, spec §2), opened. */
export async function openInviteAndReferrals(page: Page): Promise<void> {
  await openInviteSection(page);
  await openSection(page, /Your views, impact and referrals/);
}
