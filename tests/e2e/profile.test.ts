import { describe, expect, it } from 'vitest';
import { MAIL_STOP_MESSAGES, PROFILE_MESSAGES } from '../../src/domain/account';
import { BASE_URL, expectAccessible, expectToast, mailedLink, newPage, registerViaApi, snap, uniqueUser, useBrowser, WIDTHS } from './harness';

/** A member's name, email and mail on the account page (docs/decisions/0136, 0137), and the mail's stop link (0138). */
const ctx = useBrowser();

describe('the account page', () => {
  it('renames the member, and changes their email with the password asked again', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    const user = await registerViaApi(page, uniqueUser('renamer'));
    const taken = await registerViaApi(await newPage(ctx.browser), uniqueUser('taken'));
    await page.goto('/account');
    const name = page.getByLabel('Username', { exact: true });
    await expect.poll(() => name.inputValue()).toBe(user.username);
    await expectAccessible(page);
    await snap(page, 'account-profile');

    await name.fill('Fern Gully');
    await page.getByRole('button', { name: 'Save username' }).click();
    await expectToast(page, 'Neighbours now see you as Fern Gully.');
    // The header's menu names the member by the new name once the session is asked again.
    await expect.poll(async () => ((await (await page.request.get('/api/auth/me')).json()) as { username: string }).username).toBe('Fern Gully');
    await expect.poll(() => name.inputValue()).toBe('Fern Gully');

    await page.getByLabel('New email').fill(taken.email);
    await page.getByLabel('Your password, to confirm').fill(user.password);
    await page.getByRole('button', { name: 'Change email' }).click();
    await expectToast(page, 'An account with this email already exists.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('email');

    const moved = `moved-${user.email}`;
    await page.getByLabel('New email').fill(moved);
    await page.getByRole('button', { name: 'Change email' }).click();
    await expectToast(page, `Sign in with ${moved} from now on.`);
    await page.getByText(`You sign in with ${moved}.`).waitFor();
    await expect.poll(() => page.getByLabel('New email').inputValue()).toBe('');

    // The same address again, in any case, is refused with its message before the password is asked.
    await page.getByLabel('New email').fill(moved.toUpperCase());
    await page.getByLabel('Your password, to confirm').fill(user.password);
    await page.getByRole('button', { name: 'Change email' }).click();
    await expectToast(page, PROFILE_MESSAGES.sameEmail);
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await snap(page, 'account-profile-changed');
  });

  it('turns the mail of new messages off and on, kept across a reload (0137)', async () => {
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await registerViaApi(page, uniqueUser('mailer'));
    await page.goto('/account');
    const box = page.getByRole('checkbox', { name: 'Mail me when a neighbour writes to me' });
    await expect.poll(() => box.isChecked()).toBe(true);
    await box.uncheck();
    await expectToast(page, 'New messages are no longer mailed to you.');
    await page.reload();
    await expect.poll(() => box.isChecked()).toBe(false);
    await expectAccessible(page);
    await box.check();
    await expectToast(page, 'New messages are mailed to you.');
    await expect.poll(async () => ((await (await page.request.get('/api/user/preferences')).json()) as { mailMessages: boolean }).mailMessages).toBe(true);
  });

  it('stops message mail from the link of a message mail, in a browser signed in to nothing, once asked (0138)', async () => {
    const writer = await newPage(ctx.browser);
    await registerViaApi(writer, uniqueUser('writer'));
    const reader = await newPage(ctx.browser);
    const member = await registerViaApi(reader, uniqueUser('reader'));
    const sent = await writer.request.post('/api/messages', { data: { toUserId: member.id, content: 'Plums by the fence' }, headers: { Origin: BASE_URL } });
    expect(sent.status(), await sent.text()).toBe(201);
    const link = await mailedLink(member.email, /http:\/\/[^\s/]+\/mail\/stop\?u=[\w-]+&t=[\w-]+/);
    const mailMessages = async () => ((await (await reader.request.get('/api/user/preferences')).json()) as { mailMessages: boolean }).mailMessages;

    // Opened on a phone where nobody is signed in: the page asks first, so opening it changes nothing.
    const page = await newPage(ctx.browser, { width: WIDTHS.mobile });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Stop message mail?' }).waitFor();
    expect(await mailMessages()).toBe(true);
    await expectAccessible(page);
    await snap(page, 'mail-stop');
    await page.getByRole('button', { name: 'Stop message mail' }).click();
    const stopped = page.getByRole('status').getByText(MAIL_STOP_MESSAGES.stopped);
    await stopped.waitFor();
    await expect.poll(() => stopped.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await mailMessages()).toBe(false);
    await expectAccessible(page);
    await snap(page, 'mail-stop-done');

    // The member's account page shows it off; the page's link leads there.
    await reader.goto('/account');
    await expect.poll(() => reader.getByRole('checkbox', { name: 'Mail me when a neighbour writes to me' }).isChecked()).toBe(false);

    // A link cut short in the mail program says so, opened from the mail's text or its header's link.
    await page.goto(link.slice(0, link.indexOf('&t=')).replace('/mail/stop', '/api/mail/stop'));
    await page.waitForURL((url) => url.pathname === '/mail/stop');
    await page.getByRole('alert').getByText(MAIL_STOP_MESSAGES.invalid).waitFor();
    await page.getByRole('heading', { name: 'Message mail' }).waitFor();
    expect(await page.getByRole('button', { name: 'Stop message mail' }).count()).toBe(0);
  });
});
