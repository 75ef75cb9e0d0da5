import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request, WebSocketRoute } from 'playwright-core';
import { expectAccessible, expectToast, newPage, registerViaApi, snap, useBrowser, WIDTHS } from './harness';
import { CLEAR_ALL_QUESTION } from '../../src/domain/notification-values';
import { BELL_ASK } from '../../src/web/features/notifications/bell-list';
import { messageViaApi, readAllViaApi } from './community-helpers';
import { bell, bellList, focusedName, openBellLive } from './messages-helpers';

type Member = Awaited<ReturnType<typeof registerViaApi>>;

/** The bell and /notifications (spec §2 Header, §4, §9; DECISIONS 14): counts, paging, read, clear. */
describe('notifications of a member', () => {
  const ctx = useBrowser();
  let page: Page;
  let sender: Page;
  let me: Member;
  let them: Member;

  // The page's live sockets, which a test can drop, and refuse new ones for a while.
  const sockets: WebSocketRoute[] = [];
  let refuseSockets = false;
  // The /notifications list's requests under way, and those a test holds.
  const isList = (url: URL) => url.pathname === '/api/notifications' && url.searchParams.get('limit') === '20';
  const listsUnderWay = new Set<Request>();
  const held = new WeakSet<Request>();
  const listsAnswering = () => [...listsUnderWay].filter((request) => !held.has(request)).length;

  beforeAll(async () => {
    page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await page.routeWebSocket(/\/ws$/, (socket) => {
      if (refuseSockets) return socket.close({ code: 1013, reason: 'Try again later' });
      socket.connectToServer();
      sockets.push(socket);
    });
    const listed = (request: Request) => isList(new URL(request.url()));
    page.on('request', (request) => void (listed(request) && listsUnderWay.add(request)));
    const answered = (request: Request) => void listsUnderWay.delete(request);
    page.on('requestfinished', answered);
    page.on('requestfailed', answered);
    sender = await newPage(ctx.browser);
    me = await registerViaApi(page);
    them = await registerViaApi(sender);
  });

  it("counts past nine as '9+' and offers the whole list past ten, live", async () => {
    await page.goto('/');
    await openBellLive(page);
    await page.keyboard.press('Escape');
    for (let n = 1; n <= 11; n += 1) await messageViaApi(sender, me.id, `Note ${n}`);
    // One toast at a time (spec §9): the last one is showing.
    await expectToast(page, `${them.username}: Note 11`);
    await page.getByRole('button', { name: 'Notifications, 11 unread' }).waitFor();
    expect(await bell(page).innerText()).toBe('9+');

    await bell(page).click();
    const list = bellList(page);
    await list.getByRole('link', { name: /Note 11/ }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(10);
    expect(await list.getByRole('link', { name: /Note 1\b/ }).count()).toBe(0);
    await list.getByRole('link', { name: 'View all notifications' }).click();
    await page.waitForURL((url) => url.pathname === '/notifications');
  });

  it('lists every notification on /notifications and marks them all read', async () => {
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await main.getByRole('link', { name: /Note 1\b/ }).waitFor();
    expect(await main.getByRole('listitem').count()).toBe(11);
    await expectAccessible(page);
    await snap(page, 'notifications-page');

    await main.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await expect.poll(() => main.getByText('Unread:').count()).toBe(0);
  });

  it('leaves unread, after Mark all as read, what arrived since the list was shown', async () => {
    const main = page.getByRole('main');
    // The list's refetch after the push is held: the screen still shows Note 11 as its newest.
    let release = () => {};
    const holding = new Promise<void>((resolve) => (release = resolve));
    await page.route(isList, async (route) => {
      held.add(route.request());
      await holding;
      await route.continue().catch(() => {}); // a fetch the mutation cancelled is gone
    });
    // One asked before the hold (the last test's marking, asked again) would bring Note 12 along.
    await expect.poll(listsAnswering).toBe(0);
    await messageViaApi(sender, me.id, 'Note 12');
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    expect(await main.getByRole('link', { name: /Note 12/ }).count()).toBe(0);

    const marked = page.waitForResponse((res) => res.url().endsWith('/api/notifications/read') && res.request().method() === 'POST');
    await main.getByRole('button', { name: 'Mark all as read' }).click();
    expect((await marked).status()).toBe(204);
    release();
    await page.unroute(isList);
    await main.getByRole('link', { name: /Note 12/ }).waitFor();
    await expect.poll(() => main.getByText('Unread:').count()).toBe(1);
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
  });

  it('opens a message notification into its conversation from /notifications', async () => {
    await page
      .getByRole('main')
      .getByRole('link', { name: /Note 11/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/messages' && url.searchParams.get('with') === them.id);
    expect(new URL(page.url()).searchParams.get('post')).toBeNull();
    await page
      .getByRole('log', { name: `Messages with ${them.username}` })
      .getByText('Note 11')
      .waitFor();
    await page.getByRole('region', { name: 'Conversation' }).getByText('General').waitFor();
  });

  it("empties the bell with 'Clear all' once asked again, focus staying in it", async () => {
    await bell(page).click();
    const list = bellList(page);
    await list.getByRole('link', { name: /Note 11/ }).waitFor();
    // It asks first; Cancel keeps them and gives focus back to 'Clear all'.
    const clearAll = list.getByRole('button', { name: 'Clear all' });
    await clearAll.click();
    const asked = list.getByRole('group', { name: CLEAR_ALL_QUESTION });
    expect(await focusedName(page)).toBe('Cancel');
    await snap(page, 'bell-clear-asked');
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe('Clear all');
    await list.getByRole('link', { name: /Note 11/ }).waitFor();
    // Escape takes back the question only; the bell closed while asking opens on the list.
    await clearAll.click();
    await asked.waitFor();
    await page.keyboard.press('Escape');
    await asked.waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe('Clear all');
    await clearAll.click();
    await asked.waitFor();
    await page.mouse.click(5, 600);
    await list.waitFor({ state: 'detached' });
    await bell(page).click();
    await list.getByRole('link', { name: /Note 11/ }).waitFor();
    expect(await asked.count()).toBe(0);
    await clearAll.click();
    await asked.getByRole('button', { name: 'Clear', exact: true }).click();
    await list.getByText('No notifications yet').waitFor();
    expect(await focusedName(page)).toBe('Notifications');
    await expectAccessible(page);
    await snap(page, 'bell-empty');
    await page.keyboard.press('Escape');

    await page.goto('/notifications');
    await page.getByRole('main').getByText('No notifications yet').waitFor();
    // Nothing listed, nothing to mark read: the button is not offered (0127).
    expect(await page.getByRole('main').getByRole('button', { name: 'Mark all as read' }).count()).toBe(0);
  });

  it('says Offline while the socket is down, and catches up with what came meanwhile once back', async () => {
    await page.goto('/');
    const list = await openBellLive(page);
    refuseSockets = true;
    await Promise.all(sockets.splice(0).map((socket) => socket.close({ code: 1012, reason: 'Restarting' })));
    await list.getByText('Offline', { exact: true }).waitFor();
    await messageViaApi(sender, me.id, 'Sent while you were away');
    refuseSockets = false;
    await list.getByText('Live', { exact: true }).waitFor();
    await list.getByRole('link', { name: /Sent while you were away/ }).waitFor();
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
  });

  it('keeps a pushed notification when the bell, asked again just before, answers without it (0147)', async () => {
    await page.goto('/');
    await openBellLive(page);
    await page.keyboard.press('Escape');
    // Read in another tab: this one asks its bell again (0146). That answer is read by the server
    // at once, before the next message, and held until after the message's push.
    const isBell = (url: URL) => url.pathname === '/api/notifications' && url.searchParams.get('limit') === String(BELL_ASK);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    let readEarly = false;
    let answered = false;
    await page.route(isBell, async (route) => {
      asked += 1;
      if (asked > 1) return route.continue();
      const early = await route.fetch();
      readEarly = true;
      await held;
      await route.fulfill({ response: early }).catch(() => {}); // a fetch given up is gone
      answered = true;
    });
    await readAllViaApi(page);
    await expect.poll(() => readEarly).toBe(true);
    await messageViaApi(sender, me.id, 'Sent while the bell was asked');
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await expect.poll(() => asked).toBe(2);
    release();
    await expect.poll(() => answered).toBe(true);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await page.unroute(isBell);
  });

  it('sends a guest who opens /notifications to sign in first', async () => {
    const guest = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await guest.goto('/notifications');
    await guest.waitForURL((url) => url.pathname === '/login');
    expect(new URL(guest.url()).searchParams.get('redirect')).toBe('/notifications');
    await guest.context().close();
  });
});
