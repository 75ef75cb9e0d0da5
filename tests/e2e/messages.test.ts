import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response, Route } from 'playwright-core';
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
  WIDTHS,
} from './harness';
import { cardOf, closeWithEscape, messageViaApi, requestsOfTwoClicks } from './community-helpers';
import { bell, bellList, focusedName, openBellLive } from './messages-helpers';
import { uniqueToken } from './posts-helpers';

type Member = Awaited<ReturnType<typeof registerViaApi>>;

const SEND = (url: URL) => url.pathname === '/api/messages';
/** The next sends answer `response` (a refusal), without reaching the server. */
const refuseSending = (page: Page, response: Parameters<Route['fulfill']>[0]) =>
  page.route(SEND, (route) =>
    route.request().method() === 'POST' ? route.fulfill(response) : route.fallback(),
  );

/**
 * Two members talk about a post (spec §2 dialog 5, §4, §8; DECISIONS 14, 15): B writes from A's
 * card, A is told live and answers from the inbox, B is told live.
 */
describe('messages between two members, live', () => {
  const ctx = useBrowser();
  const token = uniqueToken();
  const title = `Apples ${token}`;
  let owner: Page;
  let writer: Page;
  let a: Member;
  let b: Member;
  let postId: string;

  beforeAll(async () => {
    owner = await newPage(ctx.browser, { width: WIDTHS.desktop });
    writer = await newPage(ctx.browser, { width: WIDTHS.desktop });
    a = await registerViaApi(owner);
    b = await registerViaApi(writer);
    // No phone number: the card offers Message instead of Call and Text.
    postId = (
      await createPostViaApi(owner, {
        type: 'fruit',
        title,
        description: 'Crisp apples.',
        address: '8 Orchard Rd, Toronto',
      })
    ).id;
  });

  it("asks a guest to sign in to contact (DECISIONS 24), and back at the same posts the Message is there", async () => {
    const guest = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await guest.goto(`/?q=${token}`);
    expect(await cardOf(guest, title).getByRole('button', { name: 'Message' }).count()).toBe(0);
    await cardOf(guest, title).getByRole('link', { name: 'Sign in to contact' }).click();
    await guest.waitForURL((url) => url.pathname === '/login');
    expect(new URL(guest.url()).searchParams.get('redirect')).toBe(`/?q=${token}`);

    await guest.getByLabel('Email', { exact: true }).fill(b.email);
    await guest.getByLabel('Password', { exact: true }).fill(b.password);
    await guest.getByRole('button', { name: 'Sign In' }).click();
    await guest.waitForURL((url) => url.pathname === '/' && url.search === `?q=${token}`);
    await cardOf(guest, title).getByRole('button', { name: 'Message' }).click();
    await guest.getByRole('dialog', { name: `Message ${a.username}` }).waitFor();
    await guest.context().close();
  });

  it('shows a new member an empty bell, Live, and gives focus back to the bell', async () => {
    await owner.goto('/');
    const list = await openBellLive(owner);
    await list.getByText('No notifications yet').waitFor();
    expect(await list.getByRole('button', { name: 'Clear all' }).count()).toBe(0);
    await owner.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedName(owner)).toBe('Notifications');
  });

  it("writes to the owner from the card's Message dialog", async () => {
    await writer.goto(`/?q=${token}`);
    const button = cardOf(writer, title).getByRole('button', { name: 'Message' });
    await button.click();
    const dialog = writer.getByRole('dialog', { name: `Message ${a.username}` });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByLabel('Subject (optional)').getAttribute('placeholder'))
      .toBe(`Re: ${title}`);
    await dialog.getByText('Tip: agree on a public place and a daylight time for the pickup').waitFor();
    const send = dialog.getByRole('button', { name: 'Send Message' });
    expect(await send.isDisabled()).toBe(true);

    await dialog.getByLabel('Message', { exact: true }).fill('   ');
    await send.click();
    await dialog.getByText('Please enter a message.').waitFor();
    const field = dialog.getByLabel('Message', { exact: true });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    // Spec §5: at most 500 characters, a subject at most 100.
    expect(await field.getAttribute('maxlength')).toBe('500');
    expect(await dialog.getByLabel('Subject (optional)').getAttribute('maxlength')).toBe('100');
    await field.fill('Hello! Are the apples still there?');
    await dialog.getByText('34/500 characters').waitFor();
    await expectAccessible(writer);
    await snap(writer, 'message-dialog');
    await send.click();

    await expectToast(writer, 'Message sent!');
    await dialog.waitFor({ state: 'hidden' });
    // Focus goes back to the Message button (docs/decisions/0049).
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('tells the owner at once: the toast, the bell and the inbox count, without a reload', async () => {
    await expectToast(owner, 'New Message');
    await expectToast(owner, `${b.username}: Hello! Are the apples still there?`);
    // F8 takes the keyboard to the toasts (spec §9).
    await owner.keyboard.press('F8');
    await expect
      .poll(() => toastRegion(owner).evaluate((el) => el.contains(document.activeElement)))
      .toBe(true);
    await bell(owner)
      .and(owner.getByRole('button', { name: 'Notifications, 1 unread' }))
      .waitFor();
    await owner
      .getByRole('banner')
      .getByRole('link', { name: 'Messages, 1 unread', exact: true })
      .waitFor();
    expect(await bell(owner).innerText()).toBe('1');
  });

  it('opens the notification into the conversation, marked read, and replies', async () => {
    // A second tab of the owner's shows the same unread count, and loses it once this one reads the conversation (0146).
    const otherTab = await owner.context().newPage();
    await otherTab.goto('/');
    await otherTab.getByRole('banner').getByRole('link', { name: 'Messages, 1 unread', exact: true }).waitFor();
    await bell(otherTab).and(otherTab.getByRole('button', { name: 'Notifications, 1 unread' })).waitFor();

    await bell(owner).click();
    const list = bellList(owner);
    const item = list.getByRole('link', { name: /New Message/ });
    await item.getByText(/(less than a minute|1 minute) ago/).waitFor();
    await expectAccessible(owner);
    await snap(owner, 'bell-open');
    await item.click();

    await owner.waitForURL((url) => url.pathname === '/messages' && url.searchParams.get('with') === b.id);
    expect(new URL(owner.url()).searchParams.get('post')).toBe(postId);
    const log = owner.getByRole('log', { name: `Messages with ${b.username}` });
    await log.getByText('Hello! Are the apples still there?').waitFor();
    await owner.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await owner.getByRole('banner').getByRole('link', { name: 'Messages', exact: true }).waitFor();
    await otherTab.getByRole('banner').getByRole('link', { name: 'Messages', exact: true }).waitFor();
    await otherTab.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await otherTab.close();

    const reply = owner.getByLabel(`Reply to ${b.username}`);
    await reply.fill('Yes! Come by at noon.');
    await owner.getByRole('button', { name: 'Send', exact: true }).click();
    await log.getByText('Yes! Come by at noon.').waitFor();
    expect(await reply.inputValue()).toBe('');
    await expectAccessible(owner);
    await snap(owner, 'messages-thread');

    // The writer's name opens their profile: where they are blocked or rated, from the conversation (0146).
    await owner.getByRole('heading', { level: 2, name: b.username }).getByRole('button', { name: b.username }).click();
    const profile = owner.getByRole('dialog', { name: new RegExp(`^${b.username}`) });
    await profile.getByRole('button', { name: 'Block' }).waitFor();
    await owner.keyboard.press('Escape');
    await profile.waitFor({ state: 'detached' });
  });

  it('tells the writer of the answer live, and lists the conversation in the inbox', async () => {
    await expectToast(writer, 'New Message');
    await expectToast(writer, `${a.username}: Yes! Come by at noon.`);
    await writer
      .getByRole('banner')
      .getByRole('link', { name: /^Messages/ })
      .click();
    await writer.waitForURL((url) => url.pathname === '/messages');
    const row = writer.getByRole('link', { name: new RegExp(`^${a.username}`) });
    await row.getByText(title).waitFor();
    await row.getByText('Yes! Come by at noon.').waitFor();
    await row.getByText('1', { exact: true }).waitFor();
    await expectAccessible(writer);
    await snap(writer, 'messages-list');
  });

  it("tells the owner of a comment live: 'New Comment', the card's count, and the post from the bell", async () => {
    await owner.goto(`/?q=${token}`);
    const card = cardOf(owner, title);
    await card.getByRole('button', { name: 'Be the first to comment' }).waitFor();
    await openBellLive(owner);
    await owner.keyboard.press('Escape');
    const res = await writer.request.post(`/api/posts/${postId}/comments`, {
      data: { content: 'Lovely tree!' },
      headers: { Origin: BASE_URL },
    });
    expect(res.status()).toBe(201);

    await expectToast(owner, 'New Comment');
    await expectToast(owner, `${b.username} commented on "${title}"`);
    await card.getByRole('button', { name: '1 comment' }).waitFor();
    await bell(owner).click();
    await bellList(owner)
      .getByRole('link', { name: /New Comment/ })
      .click();
    await owner.getByRole('dialog', { name: 'Post details' }).getByRole('heading', { name: title }).waitFor();
    expect(new URL(owner.url()).searchParams.get('post')).toBe(postId);
  });

  it('opens a notification’s post over the list of its type, not of the default tab (0147)', async () => {
    const skidsTitle = `Skids ${token}`;
    const skids = (await createPostViaApi(owner, { type: 'skids', title: skidsTitle, description: 'Four pallets.', address: '8 Dock Rd, Toronto' })).id;
    await owner.goto('/?type=firewood');
    await openBellLive(owner);
    await owner.keyboard.press('Escape');
    const res = await writer.request.post(`/api/posts/${skids}/comments`, { data: { content: 'Still there?' }, headers: { Origin: BASE_URL } });
    expect(res.status()).toBe(201);
    await expectToast(owner, `${b.username} commented on "${skidsTitle}"`);
    await bell(owner).click();
    await bellList(owner).getByRole('link', { name: new RegExp(`commented on "${skidsTitle}"`) }).click();
    await owner.getByRole('dialog', { name: skidsTitle }).getByText('Still there?').waitFor();
    await expect.poll(() => new URL(owner.url()).searchParams.get('type')).toBe('skids');
    expect(new URL(owner.url()).searchParams.get('post')).toBe(skids);
    // Closed, the post leaves the owner on the skids list.
    await closeWithEscape(owner.getByRole('dialog', { name: skidsTitle }));
    await closeWithEscape(owner.getByRole('dialog', { name: 'Post details' }));
    await owner.getByRole('navigation', { name: 'Post type' }).getByRole('link', { name: 'Skids', exact: true }).and(owner.locator('[aria-current="page"]')).waitFor();
    expect(new URL(owner.url()).searchParams.get('type')).toBe('skids');
  });

  it('shows a long conversation from its newest messages, older ones on demand', async () => {
    const [c, d] = [await newPage(ctx.browser, { width: WIDTHS.mobile }), await newPage(ctx.browser)];
    const me = await registerViaApi(c);
    const other = await registerViaApi(d);
    for (let n = 1; n <= 55; n += 1) await messageViaApi(d, me.id, `Line ${n}`);
    await c.goto(`/messages?with=${other.id}`);
    const log = c.getByRole('log', { name: `Messages with ${other.username}` });
    await log.getByText('Line 55', { exact: true }).waitFor();
    expect(await log.getByText('Line 5', { exact: true }).count()).toBe(0);
    // The newest is in view at the bottom.
    expect(await log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(2);

    await log.getByRole('button', { name: 'Load older messages' }).click();
    await log.getByText('Line 1', { exact: true }).waitFor();
    await log.getByRole('button', { name: 'Load older messages' }).waitFor({ state: 'detached' });
    // The view stays where it was (not at the top), and focus stays in the conversation.
    expect(await log.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
    await expect.poll(() => log.evaluate((el) => el === document.activeElement)).toBe(true);
    await c.context().close();
    await d.context().close();
  });

  it('says why a message was not sent: the server’s words for a limit, else the generic failure', async () => {
    await writer.goto(`/?q=${token}`);
    await cardOf(writer, title).getByRole('button', { name: 'Message' }).click();
    const dialog = writer.getByRole('dialog', { name: `Message ${a.username}` });
    await dialog.getByLabel('Message', { exact: true }).fill('One more thing');
    const wait = 'Too many messages. Please try again in 5 minutes.';
    await refuseSending(writer, { status: 429, headers: { 'Retry-After': '300' }, json: { message: wait } });
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(writer, wait);
    await writer.unroute(SEND);
    await refuseSending(writer, { status: 500, json: { message: 'Internal Server Error' } });
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(writer, 'Failed to send message. Please try again.');
    await writer.unroute(SEND);
    // What was typed stays for another try.
    expect(await dialog.getByLabel('Message', { exact: true }).inputValue()).toBe('One more thing');
    expect(await spillsOut(toastRegion(writer))).toEqual([]);
  });

  it('works on a phone: the list, then the conversation with a way back', async () => {
    const phone = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await phone.context().addCookies(await writer.context().cookies());
    await phone.goto('/messages');
    const row = phone.getByRole('link', { name: new RegExp(`^${a.username}`) });
    await row.waitFor();
    expect(await spillsOut(phone.getByRole('region', { name: 'Conversations' }))).toEqual([]);
    await snap(phone, 'messages-list-phone');
    await row.click();
    await phone.waitForURL((url) => url.searchParams.get('with') === a.id);
    const log = phone.getByRole('log', { name: `Messages with ${a.username}` });
    await log.getByText('Yes! Come by at noon.').waitFor();
    // Two views: the list is gone while the conversation shows, and focus went to the conversation.
    expect(await row.isVisible()).toBe(false);
    await expect.poll(() => focusedName(phone)).toBe(a.username);
    expect(await spillsOut(phone.locator('main'))).toEqual([]);
    await expectAccessible(phone);

    await phone.getByRole('link', { name: 'Back to conversations' }).click();
    await phone.waitForURL((url) => url.pathname === '/messages' && url.search === '');
    await row.waitFor();
    await expect.poll(() => row.evaluate((el) => el === document.activeElement)).toBe(true);
    await phone.context().close();
  });

  it('sends a guest who opens /messages to sign in first, and back there after', async () => {
    const guest = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await guest.goto(`/messages?with=${a.id}&post=${postId}`);
    await guest.waitForURL((url) => url.pathname === '/login');
    expect(new URL(guest.url()).searchParams.get('redirect')).toBe(`/messages?with=${a.id}&post=${postId}`);
    await guest.context().close();
  });
});

describe('a message clicked twice faster than a render, and one into the conversation on screen (0148)', () => {
  const ctx = useBrowser();
  const sends = (method: string, url: string) => method === 'POST' && new URL(url).pathname === '/api/messages';

  it('is sent once from the Message dialog and once from the reply box; the reader of the conversation gets no toast; its post deleted, it keeps its name', async () => {
    const token = uniqueToken();
    const title = `Pears ${token}`;
    const owner = await newPage(ctx.browser, { width: WIDTHS.mobile });
    const writer = await newPage(ctx.browser);
    const a = await registerViaApi(owner);
    const b = await registerViaApi(writer);
    const postId = (await createPostViaApi(owner, { type: 'fruit', title, description: 'Ripe pears.', address: '9 Orchard Rd, Toronto' })).id;
    await owner.goto('/');

    await writer.goto(`/?q=${token}`);
    await cardOf(writer, title).getByRole('button', { name: 'Message' }).click();
    const dialog = writer.getByRole('dialog', { name: `Message ${a.username}` });
    await dialog.getByLabel('Message', { exact: true }).fill('Are the pears still there?');
    expect(await requestsOfTwoClicks(dialog.getByRole('button', { name: 'Send Message' }), sends)).toBe(1);
    // Away from the conversation, the owner is told in a toast.
    await expectToast(owner, `${b.username}: Are the pears still there?`);

    await owner.goto(`/messages?with=${b.id}&post=${postId}`);
    const ownerLog = owner.getByRole('log', { name: `Messages with ${b.username}` });
    await ownerLog.getByText('Are the pears still there?').waitFor();
    await writer.goto(`/messages?with=${a.id}&post=${postId}`);
    const log = writer.getByRole('log', { name: `Messages with ${a.username}` });
    await log.getByText('Are the pears still there?').waitFor();
    await writer.getByLabel(`Reply to ${a.username}`).fill('I can come at six.');
    expect(await requestsOfTwoClicks(writer.getByRole('button', { name: 'Send', exact: true }), sends)).toBe(1);
    await log.getByText('I can come at six.').waitFor();
    expect(await log.getByText('Are the pears still there?').count()).toBe(1);
    expect(await log.getByText('I can come at six.').count()).toBe(1);

    // Reading the conversation, the owner sees the reply come into it (the push's doing: the toast
    // would have been raised first), and no toast over the reply box.
    await ownerLog.getByText('I can come at six.').waitFor();
    await owner.waitForTimeout(500);
    expect(await toastRegion(owner).getByText('I can come at six.', { exact: false }).count()).toBe(0);

    // The post deleted, the conversation keeps its name, said as deleted, not 'General' (0148).
    const deleted = await owner.request.delete(`/api/posts/${postId}`, { headers: { Origin: BASE_URL } });
    expect(deleted.status()).toBe(204);
    await writer.goto('/messages');
    const row = writer.getByRole('link', { name: new RegExp(`^${a.username}`) });
    await row.getByText(`${title} (post deleted)`).waitFor();
    await row.click();
    await writer.getByRole('log', { name: `Messages with ${a.username}` }).getByText('I can come at six.').waitFor();
    await writer.getByText(`${title} (post deleted)`).last().waitFor();
    expect(await writer.getByRole('link', { name: title, exact: true }).count()).toBe(0);
  });
});

/**
 * The walk-through of 0152: Rita writes to Ivy about Ivy's post; Ivy opens the conversation at 1280
 * px; Rita closes her account; without a reload, Ivy's reply is refused. The toast says why, and the
 * conversation, gone with Rita (0108), leaves the inbox at once. A conversation on screen asked again
 * (another member's message comes) goes the same way when its member has left.
 */
describe('a reply to a member who closed their account meanwhile (0152)', () => {
  const ctx = useBrowser();
  let ivyPage: Page;
  let ritaPage: Page;
  let calPage: Page;
  let ivy: Member;
  let rita: Member;
  let cal: Member;
  const row = (name: string) => ivyPage.getByRole('link', { name: new RegExp(`^${name}`) });
  const closeAccount = async (page: Page, member: Member) => {
    const res = await page.request.delete('/api/user/me', { data: { password: member.password }, headers: { Origin: BASE_URL } });
    expect(res.status(), await res.text()).toBe(204);
  };

  beforeAll(async () => {
    ivyPage = await newPage(ctx.browser, { width: WIDTHS.desktop });
    ritaPage = await newPage(ctx.browser);
    calPage = await newPage(ctx.browser);
    ivy = await registerViaApi(ivyPage);
    rita = await registerViaApi(ritaPage);
    cal = await registerViaApi(calPage);
    const postId = (
      await createPostViaApi(ivyPage, { type: 'fruit', title: `Plums ${uniqueToken()}`, description: 'Ripe plums.', address: '10 Orchard Rd, Toronto' })
    ).id;
    // Cal wrote first, Rita last: Rita's conversation is on top, Cal's under it.
    await messageViaApi(calPage, ivy.id, 'Hello from Cal');
    await messageViaApi(ritaPage, ivy.id, 'Are the plums still there?', postId);
  });

  it('says the member closed their account, drops the conversation at once, and gives the focus to the row that took its place', async () => {
    await ivyPage.goto('/messages');
    await row(rita.username).click();
    await ivyPage.waitForURL((url) => url.searchParams.get('with') === rita.id);
    await ivyPage.getByRole('log', { name: `Messages with ${rita.username}` }).getByText('Are the plums still there?').waitFor();

    await closeAccount(ritaPage, rita);

    const reply = ivyPage.getByLabel(`Reply to ${rita.username}`);
    await reply.fill('Yes, come by at five.');
    // The answers in the order the page got them: the refusal, then the list asked again after it.
    const answers: Array<{ method: string; status: number }> = [];
    const onAnswer = (res: Response) => {
      if (new URL(res.url()).pathname === '/api/messages') answers.push({ method: res.request().method(), status: res.status() });
    };
    ivyPage.on('response', onAnswer);
    await ivyPage.getByRole('button', { name: 'Send', exact: true }).click();
    // Not 'Failed to send message. Please try again.': trying again could never work.
    await expectToast(ivyPage, 'This member has closed their account. Your message was not sent.');
    expect(await toastRegion(ivyPage).getByText('Failed to send message. Please try again.').count()).toBe(0);
    // The conversation closed: the inbox's empty side, no reply box, Rita's row gone, the focus on Cal's.
    await ivyPage.waitForURL((url) => url.pathname === '/messages' && url.search === '');
    await ivyPage.getByText('Choose a conversation to read it and reply.').waitFor();
    expect(await reply.count()).toBe(0);
    await row(rita.username).waitFor({ state: 'detached' });
    await expect.poll(() => row(cal.username).evaluate((el) => el === document.activeElement)).toBe(true);
    // The server refused with 404, and its list asked again after, without her, replaced the one shown.
    await expect
      .poll(() => {
        const refused = answers.findIndex((a) => a.method === 'POST' && a.status === 404);
        return refused >= 0 && answers.slice(refused + 1).some((a) => a.method === 'GET' && a.status === 200);
      })
      .toBe(true);
    ivyPage.off('response', onAnswer);
    expect(answers.filter((a) => a.method === 'POST')).toEqual([{ method: 'POST', status: 404 }]);
    await ivyPage.waitForTimeout(300);
    expect(await row(rita.username).count()).toBe(0);
    await row(cal.username).waitFor();
  });

  it('closes a conversation on screen whose member left, once it is asked again (another message comes)', async () => {
    await openBellLive(ivyPage);
    await closeWithEscape(bellList(ivyPage));
    await row(cal.username).click();
    await ivyPage.waitForURL((url) => url.searchParams.get('with') === cal.id);
    await ivyPage.getByRole('log', { name: `Messages with ${cal.username}` }).getByText('Hello from Cal').waitFor();

    await closeAccount(calPage, cal);
    // Another member's message, pushed live, has the inbox and the conversation on screen asked again.
    const danPage = await newPage(ctx.browser);
    const dan = await registerViaApi(danPage);
    await messageViaApi(danPage, ivy.id, 'Hello from Dan');

    await expectToast(ivyPage, 'This member has closed their account, and your conversation went with them.');
    await ivyPage.waitForURL((url) => url.pathname === '/messages' && url.search === '');
    await ivyPage.getByText('Choose a conversation to read it and reply.').waitFor();
    await row(cal.username).waitFor({ state: 'detached' });
    await row(dan.username).waitFor();
    // The focus, left on the page by the conversation's going, goes to the row that took its place.
    await expect.poll(() => row(dan.username).evaluate((el) => el === document.activeElement)).toBe(true);
    await danPage.context().close();
  });
});
