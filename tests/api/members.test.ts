import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { POLICY_MESSAGES } from '../../src/domain/policy';
import { MEMBER_CHANGED } from '../../src/server/events/topics';
import { RATING_MESSAGES } from '../../src/domain/members';
import { as, registerMember, useTestApp, whileCommitting, type Member } from './helpers';
import { callerChanged, createPost, VALID_POST } from './posts-helpers';

/** Profiles, ratings and blocks (spec §2 dialog 4, §7; DECISIONS 20, 21). */
const ctx = useTestApp();
let ann: Member;
let bob: Member;

beforeAll(async () => {
  ann = await registerMember(ctx.app, { username: 'Ann Apple' });
  bob = await registerMember(ctx.app, { username: 'Bob Birch' });
});

const call = (cookie: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject(cookie ? as(cookie, { method, url, payload }) : { method, url, payload });
const message = (from: Member, to: Member) => call(from.cookie, 'POST', '/api/messages', { toUserId: to.id, content: 'Hello there' });
const rate = (from: Member, to: Member, rating: number | string, comment?: string) =>
  call(from.cookie, 'POST', '/api/user-ratings', { ratedUserId: to.id, rating, comment });

describe('public profiles', () => {
  it('shows public fields only, never the email, and what the viewer may do', async () => {
    const res = await call(bob.cookie, 'GET', `/api/users/${ann.id}`);
    expect(res.statusCode).toBe(200);
    const profile = res.json();
    expect(profile).toMatchObject({ id: ann.id, username: 'Ann Apple', initials: 'AA', isVerified: 'false', verifiedType: null, averageRating: null, ratingCount: 0 });
    expect(JSON.stringify(profile)).not.toContain(ann.email);
    expect(profile.viewer).toEqual({
      isSelf: false,
      blocked: false,
      canRate: false,
      rateReason: POLICY_MESSAGES.rateAfterMessage,
      canMessage: true,
      messageReason: null,
      answerPaused: false,
      myRating: null,
    });
    expect((await call(ann.cookie, 'GET', `/api/users/${ann.id}`)).json().viewer).toMatchObject({
      isSelf: true,
      canRate: false,
      rateReason: POLICY_MESSAGES.rateYourself,
      canMessage: false,
      messageReason: POLICY_MESSAGES.messageYourself,
    });
    expect((await call(null, 'GET', `/api/users/${ann.id}`)).json().viewer).toMatchObject({
      canRate: false,
      rateReason: POLICY_MESSAGES.signInToRate,
      canMessage: false,
      messageReason: POLICY_MESSAGES.signInToMessage,
    });
    expect((await call(null, 'GET', '/api/users/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('tells a member writing to a suspended one that an answer may not come, without saying why (0148)', async () => {
    const sam = await registerMember(ctx.app, { username: 'Sam Suspended' });
    const suspend = (until: string | null) =>
      ctx.database.db.execute(sql`UPDATE users SET suspended_at = now(), suspended_until = ${until}::timestamptz, suspension_reason = 'Spam' WHERE id = ${sam.id}`);
    const viewerOf = async (cookie: string | null) => (await call(cookie, 'GET', `/api/users/${sam.id}`)).json().viewer;
    expect((await viewerOf(bob.cookie)).answerPaused).toBe(false);
    await suspend(null);
    expect(await viewerOf(bob.cookie)).toMatchObject({ answerPaused: true, canMessage: true });
    const profile = (await call(bob.cookie, 'GET', `/api/users/${sam.id}`)).json();
    expect(profile.moderation).toBeNull();
    expect(JSON.stringify(profile)).not.toContain('Spam');
    // Neither a guest, who cannot write, nor the member themself.
    expect((await viewerOf(null)).answerPaused).toBe(false);
    expect((await viewerOf(sam.cookie)).answerPaused).toBe(false);
    // A suspension that has run out pauses nothing, before the sweep lifts it.
    await suspend(new Date(Date.now() - 60_000).toISOString());
    expect((await viewerOf(bob.cookie)).answerPaused).toBe(false);
  });

  it('answers the average rating as a number, 0 before any rating (spec §7)', async () => {
    const res = await call(null, 'GET', `/api/users/${ann.id}/average-rating`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(0);
    expect((await call(null, 'GET', '/api/users/00000000-0000-4000-8000-000000000000/average-rating')).statusCode).toBe(404);
  });
});

describe('ratings (DECISIONS 20)', () => {
  it('answers 404, not 500, to a rating of a member whose account closes at that moment', async () => {
    const [cara, dan] = [await registerMember(ctx.app, { username: 'Cara' }), await registerMember(ctx.app, { username: 'Dan' })];
    expect((await message(cara, dan)).statusCode).toBe(201);
    expect((await message(dan, cara)).statusCode).toBe(201);
    const res = await whileCommitting(ctx, 'DELETE FROM users WHERE id = $1', [dan.id], () => rate(cara, dan, 5));
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ message: RATING_MESSAGES.notFound });
  });

  it('opens only after a message each way, then one rating per pair that a second one updates', async () => {
    const refused = await rate(bob, ann, 5);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: POLICY_MESSAGES.rateAfterMessage });
    expect((await message(bob, ann)).statusCode).toBe(201);
    expect((await rate(bob, ann, 5)).statusCode).toBe(403); // one way is not an exchange
    expect((await message(ann, bob)).statusCode).toBe(201);
    const first = await rate(bob, ann, '4', 'Lovely apples');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ ratedUserId: ann.id, raterUserId: bob.id, raterName: 'Bob Birch', rating: 4, comment: 'Lovely apples' });
    const again = await rate(bob, ann, 5, 'Even better');
    expect(again.statusCode).toBe(200);
    const ratings = (await call(null, 'GET', `/api/users/${ann.id}/ratings`)).json();
    expect(ratings).toHaveLength(1);
    expect(ratings[0]).toMatchObject({ rating: 5, comment: 'Even better' });
    expect((await call(null, 'GET', `/api/users/${ann.id}/average-rating`)).json()).toBe(5);
    expect((await call(bob.cookie, 'GET', `/api/users/${ann.id}`)).json().viewer).toMatchObject({ canRate: true, myRating: { rating: 5, comment: 'Even better' } });
  });

  it('refuses oneself, a rating outside 1-5, a long comment, and another rater id', async () => {
    expect((await rate(ann, ann, 5)).json()).toEqual({ message: POLICY_MESSAGES.rateYourself });
    expect((await call(ann.cookie, 'POST', '/api/user-ratings', { ratedUserId: ann.id.toUpperCase(), rating: 5 })).json()).toEqual({ message: POLICY_MESSAGES.rateYourself });
    for (const bad of [0, 6, 'five', 2.5]) expect((await rate(bob, ann, bad)).statusCode).toBe(400);
    expect((await rate(bob, ann, 5, 'x'.repeat(301))).json().message).toBe('Maximum 300 characters');
    const full = await rate(bob, ann, 5, 'x'.repeat(300));
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().comment).toBe('x'.repeat(300));
    const other = await call(bob.cookie, 'POST', '/api/user-ratings', { ratedUserId: ann.id, raterUserId: ann.id, rating: 5 });
    expect(other.statusCode).toBe(403);
  });

  it('shows the owner’s average, count and verified badge on their cards at once', async () => {
    const post = (await createPost(ctx.app, ann.cookie, { ...VALID_POST, title: 'Ann’s apples' })).json();
    expect(post).toMatchObject({ ownerRating: 5, ownerRatingCount: 1, ownerVerifiedType: null });
    const carl = await registerMember(ctx.app);
    await message(carl, ann);
    await message(ann, carl);
    await rate(carl, ann, 2);
    const card = (await call(carl.cookie, 'GET', `/api/posts/${post.id}`)).json();
    expect(card).toMatchObject({ ownerRating: 3.5, ownerRatingCount: 2 });
    await ctx.database.db.execute(sql`UPDATE users SET is_verified = true, verified_type = 'arborist' WHERE id = ${ann.id}`);
    await callerChanged(ctx, { userId: ann.id });
    await ctx.app.events.publish(MEMBER_CHANGED, { userId: ann.id });
    expect((await call(carl.cookie, 'GET', `/api/posts/${post.id}`)).json().ownerVerifiedType).toBe('arborist');
  });
});

describe('blocks (DECISIONS 21)', () => {
  it('answers 404, not 500, to a block of a member whose account closes at that moment', async () => {
    const [fay, gus] = [await registerMember(ctx.app, { username: 'Fay' }), await registerMember(ctx.app, { username: 'Gus' })];
    const res = await whileCommitting(ctx, 'DELETE FROM users WHERE id = $1', [gus.id], () => call(fay.cookie, 'POST', `/api/users/${gus.id}/block`));
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ message: RATING_MESSAGES.notFound });
  });

  it('stops messages and ratings both ways, and unblocking opens them again', async () => {
    const dan = await registerMember(ctx.app);
    const eve = await registerMember(ctx.app);
    await message(dan, eve);
    await message(eve, dan);
    expect((await call(dan.cookie, 'POST', `/api/users/${eve.id}/block`)).statusCode).toBe(204);
    expect((await call(dan.cookie, 'GET', `/api/users/${eve.id}`)).json().viewer).toMatchObject({ blocked: true, canRate: false, rateReason: POLICY_MESSAGES.blocked, canMessage: false });
    // The blocked member's view of the blocker closes Message too, so the profile never offers a send that answers 403 (0129).
    expect((await call(eve.cookie, 'GET', `/api/users/${dan.id}`)).json().viewer).toMatchObject({
      blocked: false,
      canRate: false,
      canMessage: false,
      messageReason: POLICY_MESSAGES.blocked,
    });
    for (const [from, to] of [[dan, eve], [eve, dan]] as const) {
      expect((await message(from, to)).json()).toEqual({ message: POLICY_MESSAGES.blocked });
      expect((await rate(from, to, 4)).json()).toEqual({ message: POLICY_MESSAGES.blocked });
    }
    expect((await call(dan.cookie, 'DELETE', `/api/users/${eve.id}/block`)).statusCode).toBe(204);
    expect((await message(eve, dan)).statusCode).toBe(201);
  });

  it('stops the notifications of comments between them', async () => {
    const fay = await registerMember(ctx.app);
    const gus = await registerMember(ctx.app);
    const post = (await createPost(ctx.app, fay.cookie, { ...VALID_POST })).json();
    await call(fay.cookie, 'POST', `/api/users/${gus.id}/block`);
    expect((await call(gus.cookie, 'POST', `/api/posts/${post.id}/comments`, { content: 'Hi' })).statusCode).toBe(201);
    expect((await call(fay.cookie, 'GET', '/api/notifications')).json().items).toEqual([]);
  });

  it('refuses blocking oneself, and guests', async () => {
    expect((await call(ann.cookie, 'POST', `/api/users/${ann.id}/block`)).json()).toEqual({ message: POLICY_MESSAGES.blockYourself });
    // A uuid in upper case names the same member.
    expect((await call(ann.cookie, 'POST', `/api/users/${ann.id.toUpperCase()}/block`)).json()).toEqual({ message: POLICY_MESSAGES.blockYourself });
    expect((await call(null, 'POST', `/api/users/${ann.id}/block`)).statusCode).toBe(401);
  });
});
