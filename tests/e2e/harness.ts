import AxeBuilder from '@axe-core/playwright';
import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { findChrome } from '../../scripts/chrome.mjs';

export const BASE_URL = inject('baseURL');
export const SCREENS_DIR = path.resolve('test-results/screens');

export const WIDTHS = { mobile: 390, desktop: 1280 } as const;

/** A 1×1 transparent PNG, served for every map tile. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * One Chromium for the file; closed afterwards. `backForwardCache`: with the browser's back/forward
 * cache on, as in people's browsers (Playwright turns it off by default).
 */
export function useBrowser({ backForwardCache = false } = {}): { browser: Browser } {
  const holder = {} as { browser: Browser };
  beforeAll(async () => {
    const executablePath = findChrome();
    if (!executablePath) throw new Error('No Chromium found: set CHROME_PATH or apt-get install -y chromium');
    holder.browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox'],
      ...(backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
    });
  });
  afterAll(async () => {
    await holder.browser?.close();
  });
  return holder;
}

/** A network address of its own (10.0.0.0/8), as the app sees it through its trusted proxy (global-setup.ts). */
export const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/**
 * A page on a fresh context (its own cookies), at the given width, from a network address of its
 * own (X-Forwarded-For: each context is another visitor; `address` picks one).
 */
export async function newPage(
  browser: Browser,
  {
    width = WIDTHS.desktop,
    address = someAddress(),
    ...options
  }: { width?: number; address?: string } & BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width, height: 900 },
    ...options,
    extraHTTPHeaders: { 'X-Forwarded-For': address, ...options.extraHTTPHeaders },
  });
  // Map tiles come from the public OpenStreetMap service, which tests never reach: a blank tile.
  await context.route(/^https:\/\/[a-c]\.tile\.openstreetmap\.org\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  );
  const page = await context.newPage();
  // Uncaught errors in the page and failed requests never fail a journey by themselves, but they
  // explain one that times out: they go to the test output.
  page.on('pageerror', (err) =>
    console.error(`[browser] uncaught on ${page.url()}: ${err.stack ?? err.message}`),
  );
  page.on('crash', () => console.error(`[browser] the page crashed on ${page.url()}`));
  page.on('requestfailed', (req) =>
    console.error(`[browser] ${req.method()} ${req.url()} failed: ${req.failure()?.errorText ?? ''}`),
  );
  return page;
}

let counter = 0;
export function uniqueUser(prefix = 'neighbour') {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    username: `${prefix}${tag}`.slice(0, 30),
    email: `${prefix}-${tag}@example.com`,
    password: 'secret123',
  };
}

/** The first match of `link` in the last mail to `email` that holds one, as the journeys' mail server received it (up to 15 s). */
export async function mailedLink(email: string, link: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(inject('mailURL'))).json()) as Array<{ to: string[]; text: string }>;
        found = mails.filter((m) => m.to.includes(email) && link.test(m.text)).at(-1)?.text.match(link)?.[0];
        return found;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}

/** Registers through the API on the page's context, so the page is signed in. */
export async function registerViaApi(page: Page, user = uniqueUser()) {
  const res = await page.request.post('/api/auth/register', { data: user, headers: { Origin: BASE_URL } });
  if (res.status() !== 201) throw new Error(`register failed ${res.status()}: ${await res.text()}`);
  const body = (await res.json()) as { id: string };
  return { ...user, id: body.id };
}

/** Signs in through the API on the page's context, as a member registered earlier (an admin of global-setup.ts). */
export async function signInViaApi(page: Page, user: { email: string; password: string }) {
  const res = await page.request.post('/api/auth/login', { data: { email: user.email, password: user.password }, headers: { Origin: BASE_URL } });
  if (res.status() !== 200) throw new Error(`sign-in failed ${res.status()}: ${await res.text()}`);
  return (await res.json()) as { id: string; isAdmin: boolean };
}

/** Creates a post through the API as the page's signed-in member. */
export async function createPostViaApi(page: Page, fields: Record<string, string>) {
  const res = await page.request.post('/api/posts', { multipart: fields, headers: { Origin: BASE_URL } });
  if (res.status() !== 201) throw new Error(`create post failed ${res.status()}: ${await res.text()}`);
  return (await res.json()) as { id: string; title: string };
}

/**
 * The toasts' region: Radix Toast's viewport, labelled "Notifications (F8)" by default
 * (src/web/components/ui/toast.tsx). Radix's live announcement of a toast lies outside it.
 */
export function toastRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

/** Waits for a toast whose title or description is exactly this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await toastRegion(page).getByText(text, { exact: true }).first().waitFor();
}

/** Screenshots of the current screen at 390 and 1280 px, under test-results/screens/. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const original = page.viewportSize() ?? { width: WIDTHS.desktop, height: 900 };
  for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

/**
 * Waits (at most 2 s) until the screen's animations that end have ended: a toast fading in or out
 * is half transparent for 150-200 ms, and axe would measure its text's contrast mid-fade. Endless
 * ones (a spinner, a skeleton's pulse) are not waited for.
 */
async function animationsEnded(page: Page): Promise<void> {
  const ended = () =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity);
  await page.waitForFunction(ended, undefined, { timeout: 2000, polling: 50 }).catch(() => undefined);
}

/** Fails when axe finds a serious or critical violation on the current screen, once its animations have ended. */
export async function expectAccessible(page: Page): Promise<void> {
  await animationsEnded(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length > 0) {
    const lines = bad.map(
      (v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
    throw new Error(`Accessibility violations on ${page.url()}:\n${lines.join('\n')}`);
  }
}

/**
 * Whether a pointer at the centre of `locator` would land inside an element matching `selector`:
 * what is really on top there (Playwright's own click waits for that instead of failing fast).
 * Fails when that point is outside the window, where nothing can be hit.
 */
export async function hitsInside(locator: Locator, selector: string): Promise<boolean> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${String(locator)} is not on screen`);
  const hit = await locator.page().evaluate(
    ({ x, y, selector }) => {
      const top = document.elementFromPoint(x, y);
      return top === null ? null : Boolean(top.closest(selector));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2, selector },
  );
  if (hit === null) throw new Error(`the middle of ${String(locator)} is outside the window`);
  return hit;
}

/**
 * What inside `locator` reaches past its left or right edge (or the box past the window's), each
 * as tag.class: an empty list when everything fits. The content of a row that scrolls sideways
 * (overflow-x auto or scroll, such as the popular areas' chips) is reachable by scrolling: it is
 * not counted, while the scrolling row itself still has to fit.
 */
export async function spillsOut(locator: Locator): Promise<string[]> {
  return locator.evaluate((box) => {
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
    const scrolls = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    const inScroller = (el: Element) => {
      for (let up = el.parentElement; up && up !== box; up = up.parentElement) if (scrolls(up)) return true;
      return false;
    };
    const { left, right } = box.getBoundingClientRect();
    if (left < 0 || right > window.innerWidth) return [name(box)];
    return [...box.querySelectorAll('*')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < left - 1 || r.right > right + 1) && !inScroller(el);
      })
      .map(name);
  });
}

/**
 * The texts inside `locator` (itself included) that show cut short: wider than their box, as
 * `truncate` ends them with '…'. Text kept for screen readers only (a 1 px box) is not shown, so
 * not counted.
 */
export async function cutShort(locator: Locator): Promise<string[]> {
  return locator.evaluate((box) =>
    [box, ...box.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().width > 1 && el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent ?? ''),
  );
}
