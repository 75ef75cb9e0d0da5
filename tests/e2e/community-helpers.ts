import type { Locator, Page } from 'playwright-core';
import { BASE_URL } from './harness';

/** The card of the post with this title. */
export const cardOf = (page: Page, title: string): Locator =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Whether the element has keyboard focus, or holds the element that has. */
export const hasFocus = (locator: Locator): Promise<boolean> => locator.evaluate((el) => el === document.activeElement);
export const holdsFocus = (locator: Locator): Promise<boolean> => locator.evaluate((el) => el.contains(document.activeElement));

/**
 * Closes a dialog with one Escape, as a keyboard does: pressed in the dialog, it is the dialog's
 * even under a toast the dialog raised (components/ui/escape.ts).
 */
export async function closeWithEscape(dialog: Locator): Promise<void> {
  await dialog.page().keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

async function post(page: Page, url: string, data: object, expected: number): Promise<unknown> {
  const res = await page.request.post(url, { data, headers: { Origin: BASE_URL } });
  if (res.status() !== expected) throw new Error(`POST ${url} answered ${res.status()}: ${await res.text()}`);
  return res.json();
}

/** Marks all the page's member's notifications read through the API, as another tab would. */
export async function readAllViaApi(page: Page): Promise<void> {
  const newest = ((await (await page.request.get('/api/notifications?limit=1')).json()) as { items: Array<{ id: string }> }).items[0];
  if (!newest) throw new Error('no notification to read');
  const res = await page.request.post('/api/notifications/read', { data: { upTo: newest.id }, headers: { Origin: BASE_URL } });
  if (res.status() !== 204) throw new Error(`POST /api/notifications/read answered ${res.status()}: ${await res.text()}`);
}

/** Comments on a post through the API, as the page's signed-in member. */
export async function commentViaApi(page: Page, postId: string, content: string): Promise<void> {
  await post(page, `/api/posts/${postId}/comments`, { content }, 201);
}

/** A message to another member through the API, about a post or not, as the page's signed-in member. */
export async function messageViaApi(page: Page, toUserId: string, content: string, postId?: string): Promise<void> {
  await post(page, '/api/messages', { toUserId, content, ...(postId ? { postId } : {}) }, 201);
}

/**
 * Clicks the button twice in one task, faster than any render (a double click, a bouncing mouse),
 * and answers how many requests matching `sent` went out by the time the page has been quiet for
 * `settleMs` after the first one answered.
 */
export async function requestsOfTwoClicks(button: Locator, sent: (method: string, url: string) => boolean, settleMs = 800): Promise<number> {
  const page = button.page();
  let count = 0;
  const counter = (r: { method: () => string; url: () => string }) => {
    if (sent(r.method(), r.url())) count += 1;
  };
  page.on('request', counter);
  const answered = page.waitForResponse((r) => sent(r.request().method(), r.url()));
  await button.evaluate((el: HTMLElement) => {
    el.click();
    el.click();
  });
  await answered;
  await page.waitForTimeout(settleMs);
  page.off('request', counter);
  return count;
}
