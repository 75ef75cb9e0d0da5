import { beforeAll, describe, expect, it } from 'vitest';
import { as, registerMember, uniqueEmail, useTestApp, type Member } from './helpers';
import { createPost, makeAdmin, VALID_POST } from './posts-helpers';

/**
 * The Marketing Command Center (DECISIONS 28; docs/decisions/0087): admins only, figures from the
 * database, integrations from the settings, and a campaign report counting visits, registrations
 * and first posts by first touch.
 */
const ctx = useTestApp({ INSTAGRAM_URL: 'https://www.instagram.com/freefruit' });
let admin: Member;
let member: Member;
const SPRING = { source: 'instagram', medium: 'social', campaign: 'spring-wood' };

const visit = (utm: object, who: { cookie?: string; address?: string; agent?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/visits',
    payload: utm,
    remoteAddress: who.address ?? '10.71.0.1',
    headers: { 'user-agent': who.agent ?? 'Firefox', ...(who.cookie ? { cookie: who.cookie } : {}) },
  });
const adminGet = async (url: string) => {
  const res = await ctx.app.inject(as(admin.cookie, { method: 'GET', url }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const register = async (firstTouch?: object) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username: 'Newcomer', email: uniqueEmail('utm'), password: 'secret123', ...(firstTouch ? { firstTouch } : {}) },
    remoteAddress: '10.72.0.9',
  });
  expect(res.statusCode, res.body).toBe(201);
  return String(res.headers['set-cookie']).split(';')[0]!;
};

beforeAll(async () => {
  admin = await registerMember(ctx.app, { username: 'Admin' });
  member = await registerMember(ctx.app, { username: 'Member' });
  await makeAdmin(ctx, admin.id);
  await createPost(ctx.app, member.cookie, { ...VALID_POST, type: 'firewood', title: 'Old birch', address: '3 Elm St, Huntsville' });
  await createPost(ctx.app, member.cookie, { ...VALID_POST, type: 'firewood', title: 'Split maple', address: '8 Pine Rd, Bracebridge' });
  await createPost(ctx.app, member.cookie, { ...VALID_POST, type: 'skids', title: 'Ten pallets', address: '1 Dock St, Toronto' });
});

describe('campaign visits', () => {
  it('count once per visitor, campaign and day, a guest by a keyed hash, and need a source or campaign', async () => {
    expect((await visit(SPRING)).json()).toEqual({ counted: true });
    expect((await visit(SPRING)).json()).toEqual({ counted: false });
    expect((await visit(SPRING, { agent: 'Safari' })).json()).toEqual({ counted: false });
    expect((await visit(SPRING, { address: '10.71.9.8' })).json()).toEqual({ counted: true });
    expect((await visit({ ...SPRING, campaign: 'other' })).json()).toEqual({ counted: true });
    expect((await visit(SPRING, { cookie: member.cookie })).json()).toEqual({ counted: true });
    expect((await visit(SPRING, { cookie: member.cookie, address: '10.71.9.9' })).json()).toEqual({ counted: false });
    expect((await visit({ medium: 'social' })).statusCode).toBe(400);
    const marks = (await ctx.database.db.execute<{ visitor: string }>(`SELECT visitor FROM campaign_visit_marks`)).rows.map((r) => r.visitor);
    expect(marks.join(' ')).not.toContain('10.71.0.1');
  });

  it('keeps the marks two days: the sweep drops older ones, the counts stay', async () => {
    await ctx.database.db.execute(`INSERT INTO campaign_visit_marks VALUES (current_date - 2, 'g:old', 'x', '', 'old')`);
    await ctx.app.jobs.runDue();
    const days = (await ctx.database.db.execute<{ old: number; today: number }>(
      `SELECT count(*) FILTER (WHERE day < current_date - 1)::int AS old, count(*) FILTER (WHERE day = current_date)::int AS today FROM campaign_visit_marks`,
    )).rows[0];
    expect(days).toEqual({ old: 0, today: 4 });
  });
});

describe('the report and the figures', () => {
  it('counts visits, registrations and first posts by first-touch campaign', async () => {
    const before = (await adminGet('/api/admin/marketing/campaigns')).rows;
    expect(before).toContainEqual({ ...SPRING, visits: 3, registrations: 0, firstPosts: 0 });
    const newcomer = await register(SPRING);
    await register(SPRING);
    await register();
    expect((await createPost(ctx.app, newcomer, { ...VALID_POST, title: 'My first' })).statusCode).toBe(201);
    const rows = (await adminGet('/api/admin/marketing/campaigns')).rows;
    expect(rows[0]).toEqual({ ...SPRING, visits: 3, registrations: 2, firstPosts: 1 });
    expect(rows).toContainEqual({ ...SPRING, campaign: 'other', visits: 1, registrations: 0, firstPosts: 0 });
    expect(rows).toHaveLength(2);
  });

  it('answers the stat cards from the database and the integrations from the settings', async () => {
    const overview = await adminGet('/api/admin/marketing/overview');
    const value = (label: string) => overview.stats.find((s: { label: string }) => s.label === label)?.value;
    expect(value('Members')).toBe(5);
    expect(value('New members')).toBe(5);
    expect(value('Posts shared')).toBe(4);
    expect(value('Campaign visits')).toBe(4);
    expect(value('Attributed members')).toBe(2);
    expect(overview.stats.every((s: { counts: string }) => s.counts.length > 0)).toBe(true);
    expect(overview.integrations).toEqual([
      { name: 'Email', status: 'Setup Required', detail: 'Set SMTP_URL to send mail' },
      { name: 'SMS', status: 'Setup Required', detail: 'No SMS provider is configured' },
      { name: 'Instagram', status: 'Manual', detail: 'Post by hand on https://www.instagram.com/freefruit' },
    ]);
  });

  it('fills the template preview with the newest posts of the audience’s type, areas without a street', async () => {
    const cottage = await adminGet('/api/admin/marketing/preview?audience=cottage');
    expect(cottage).toMatchObject({ audience: 'cottage', type: 'firewood' });
    expect(cottage.posts.map((p: { title: string; area: string }) => [p.title, p.area])).toEqual([
      ['Split maple', 'Bracebridge'],
      ['Old birch', 'Huntsville'],
    ]);
    expect((await adminGet('/api/admin/marketing/preview?audience=makers')).posts.map((p: { title: string }) => p.title)).toEqual(['Ten pallets']);
    expect((await adminGet('/api/admin/marketing/preview?audience=arborists')).type).toBe('fruit');
    expect((await ctx.app.inject(as(admin.cookie, { method: 'GET', url: '/api/admin/marketing/preview?audience=everyone' }))).statusCode).toBe(400);
  });

  it('is for admins only: a guest is asked to sign in, a member refused', async () => {
    for (const url of ['/api/admin/marketing/overview', '/api/admin/marketing/campaigns', '/api/admin/marketing/preview?audience=cottage']) {
      const guest = await ctx.app.inject({ method: 'GET', url });
      expect(guest.statusCode).toBe(401);
      expect(guest.json().message).toBe('Please sign in as an admin.');
      const refused = await ctx.app.inject(as(member.cookie, { method: 'GET', url }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Admins only: this needs an admin account.');
    }
  });
});

describe('with SMTP_URL set', () => {
  const mailing = useTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
  it('shows email as ready', async () => {
    const boss = await registerMember(mailing.app, { username: 'Boss' });
    await makeAdmin(mailing, boss.id);
    const res = await mailing.app.inject(as(boss.cookie, { method: 'GET', url: '/api/admin/marketing/overview' }));
    expect(res.json().integrations[0]).toEqual({ name: 'Email', status: 'Ready', detail: 'Sent through the SMTP server in SMTP_URL' });
  });
});
