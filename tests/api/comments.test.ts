import { beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES } from '../../src/domain/comments';
import { POST_MESSAGES } from '../../src/server/modules/posts/service';
import { as, metMidway, registerMember, useTestApp, whileCommitting, type Member } from './helpers';
import { adminMember, notificationsOf } from './moderation-helpers';
import { createPost, makeAdmin, VALID_POST } from './posts-helpers';

/** Comments (spec §2 dialog 3, §5, §7; DECISIONS 19). */
const ctx = useTestApp();
let owner: Member;
let ann: Member;
let postId: string;

beforeAll(async () => {
  owner = await registerMember(ctx.app, { username: 'Owner Olive' });
  ann = await registerMember(ctx.app, { username: 'Ann Apple' });
  postId = (await createPost(ctx.app, owner.cookie, { ...VALID_POST, title: 'Pears to share' })).json().id;
});

const comment = (cookie: string | null, id: string, payload: object) =>
  ctx.app.inject(cookie ? as(cookie, { method: 'POST', url: `/api/posts/${id}/comments`, payload }) : { method: 'POST', url: `/api/posts/${id}/comments`, payload });
const list = (cookie: string | null, url: string) => ctx.app.inject(cookie ? as(cookie, { method: 'GET', url }) : { method: 'GET', url });
const card = async (id: string) => (await list(ann.cookie, `/api/posts/${id}`)).json();

describe('comments on a post', () => {
  it('lets a member comment, shows the author by name, and counts it on the card', async () => {
    expect((await card(postId)).commentCount).toBe(0);
    const res = await comment(ann.cookie, postId, { content: '  Are they still there?  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ postId, userId: ann.id, authorId: ann.id, authorName: 'Ann Apple', content: 'Are they still there?' });
    expect((await card(postId)).commentCount).toBe(1);
    const guest = await list(null, `/api/posts/${postId}/comments`);
    expect(guest.statusCode).toBe(200);
    expect(guest.json().map((c: { content: string }) => c.content)).toEqual(['Are they still there?']);
  });

  it('answers 404, not 500, to a comment on a post its owner deletes at that moment', async () => {
    const id = (await createPost(ctx.app, owner.cookie, { ...VALID_POST, title: 'Going now' })).json().id;
    const res = await whileCommitting(ctx, 'DELETE FROM posts WHERE id = $1', [id], () => comment(ann.cookie, id, { content: 'Still there?' }));
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ message: POST_MESSAGES.notFound });
  });

  it('refuses empty, blank and too long comments with the spec’s messages, and guests', async () => {
    expect((await comment(ann.cookie, postId, { content: '   ' })).json()).toMatchObject({ message: COMMENT_MESSAGES.empty });
    expect((await comment(ann.cookie, postId, {})).json()).toMatchObject({ message: COMMENT_MESSAGES.empty });
    expect((await comment(ann.cookie, postId, { content: 'x'.repeat(501) })).json()).toMatchObject({ message: COMMENT_MESSAGES.tooLong });
    expect((await comment(ann.cookie, postId, { content: 'x'.repeat(500) })).statusCode).toBe(201);
    const guest = await comment(null, postId, { content: 'Hi' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ message: 'Please sign in to comment.' });
  });

  it('refuses a userId naming another member (DECISIONS 1) and an unknown post', async () => {
    expect((await comment(ann.cookie, postId, { userId: owner.id, content: 'As someone else' })).statusCode).toBe(403);
    expect((await comment(ann.cookie, '00000000-0000-4000-8000-000000000000', { content: 'Hi' })).statusCode).toBe(404);
  });

  it('tells the owner of a new comment, as spec §3 new_comment, but not of their own', async () => {
    const mine = await createPost(ctx.app, ann.cookie, { ...VALID_POST, title: 'Plums' });
    const before = (await list(ann.cookie, '/api/notifications')).json().items.length;
    await comment(ann.cookie, mine.json().id, { content: 'My own' });
    expect((await list(ann.cookie, '/api/notifications')).json().items.length).toBe(before);
    await comment(owner.cookie, mine.json().id, { content: 'Lovely plums' });
    const [n] = (await list(ann.cookie, '/api/notifications')).json().items;
    expect(n).toMatchObject({ type: 'new_comment', read: false, data: { commenterUsername: 'Owner Olive', postTitle: 'Plums', postId: mine.json().id } });
  });

  it('pages long threads, newest first, with a next link', async () => {
    const id = (await createPost(ctx.app, owner.cookie, { ...VALID_POST, title: 'Long thread' })).json().id;
    const reader = await registerMember(ctx.app);
    for (let i = 0; i < 5; i++) await comment(reader.cookie, id, { content: `Comment ${i}` });
    const first = await list(null, `/api/posts/${id}/comments?limit=3`);
    expect(first.json().map((c: { content: string }) => c.content)).toEqual(['Comment 4', 'Comment 3', 'Comment 2']);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1]!;
    expect((await list(null, next)).json().map((c: { content: string }) => c.content)).toEqual(['Comment 1', 'Comment 0']);
  });

  it('lets the author and an admin delete a comment, and no one else', async () => {
    const id = (await comment(ann.cookie, postId, { content: 'Delete me' })).json().id;
    const count = (await card(postId)).commentCount;
    expect((await ctx.app.inject(as(owner.cookie, { method: 'DELETE', url: `/api/comments/${id}` }))).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/comments/${id}` })).statusCode).toBe(401);
    expect((await ctx.app.inject(as(ann.cookie, { method: 'DELETE', url: `/api/comments/${id}` }))).statusCode).toBe(204);
    expect((await card(postId)).commentCount).toBe(count - 1);
    const other = (await comment(ann.cookie, postId, { content: 'Moderate me' })).json().id;
    const admin = await registerMember(ctx.app);
    await makeAdmin(ctx, admin.id);
    expect((await ctx.app.inject(as(admin.cookie, { method: 'DELETE', url: `/api/comments/${other}` }))).statusCode).toBe(204);
    expect((await ctx.app.inject(as(admin.cookie, { method: 'DELETE', url: `/api/comments/${other}` }))).statusCode).toBe(404);
  });

  it('limits a member to 10 comments in 10 minutes, with the retry time', async () => {
    const busy = await registerMember(ctx.app);
    for (let i = 0; i < 10; i++) expect((await comment(busy.cookie, postId, { content: `Hi ${i}` })).statusCode).toBe(201);
    const res = await comment(busy.cookie, postId, { content: 'One more' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/^Too many comments\. Please try again in \d+ minutes?\.$/);
  });
});

describe('an admin removing a comment (0084, 0151)', () => {
  const remove = (who: Member, id: string) => ctx.app.inject(as(who.cookie, { method: 'DELETE', url: `/api/comments/${id}` }));
  const auditOf = async (postId: string) =>
    (await ctx.database.pool.query(`SELECT * FROM audit_log WHERE target_id = $1 AND action = 'comment_removed'`, [postId])).rows;
  const count = async (sql: string, params: unknown[]) => (await ctx.database.pool.query<{ n: number }>(sql, params)).rows[0]!.n;
  const notifications = () => count('SELECT count(*)::int AS n FROM notifications', []);
  const comments = (id: string) => count('SELECT count(*)::int AS n FROM comments WHERE id = $1', [id]);

  it("writes one line in the audit log with the comment's text, and tells its author which post it was on", async () => {
    const id = (await createPost(ctx.app, owner.cookie, { ...VALID_POST, title: 'Quince to give' })).json().id;
    const author = await registerMember(ctx.app, { username: 'Rude Rita' });
    const commentId = (await comment(author.cookie, id, { content: 'Buy mine instead' })).json().id;
    const admin = await adminMember(ctx, 'Ada Admin');
    const res = await remove(admin, commentId);
    expect(res.statusCode, res.body).toBe(204);
    expect(await comments(commentId)).toBe(0);
    const lines = await auditOf(id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      admin_id: admin.id,
      admin_name: 'Ada Admin',
      action: 'comment_removed',
      target_type: 'post',
      target_id: id,
      target_name: 'Quince to give',
      subject_user_id: author.id,
      notes: null,
      changes: { before: { author: 'Rude Rita', comment: 'Buy mine instead' }, after: null },
    });
    const told = (await notificationsOf(ctx, author)).filter((n) => n.type === 'comment_removed');
    expect(told).toEqual([expect.objectContaining({ type: 'comment_removed', data: { postId: id, postTitle: 'Quince to give' } })]);
    // The admin screen's log shows it, by its action too.
    const page = (await ctx.app.inject(as(admin.cookie, { method: 'GET', url: '/api/admin/audit-log?action=comment_removed' }))).json();
    expect(page.items.map((e: { targetId: string }) => e.targetId)).toContain(id);
    // Removed once: a second deletion finds nothing, and logs and tells nothing more.
    expect((await remove(admin, commentId)).statusCode).toBe(404);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('removes a comment two admins delete at the same moment once: one line, one notice, and a 404 for the other', async () => {
    const id = (await createPost(ctx.app, owner.cookie, { ...VALID_POST, title: 'Raced quinces' })).json().id;
    const author = await registerMember(ctx.app, { username: 'Raced Rob' });
    const commentId = (await comment(author.cookie, id, { content: 'Twice removed' })).json().id;
    const [first, second] = [await adminMember(ctx, 'First Admin'), await adminMember(ctx, 'Second Admin')];
    // Both have found the comment and reach its deletion; the second waits for the first's to commit.
    const answers = await metMidway(ctx, { table: 'comments', when: 'BEFORE DELETE' }, () => remove(first, commentId), () => remove(second, commentId));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 404]);
    expect(await auditOf(id)).toHaveLength(1);
    expect((await notificationsOf(ctx, author)).filter((n) => n.type === 'comment_removed')).toHaveLength(1);
  });

  it('writes nothing in the log and tells nobody when a member, or an admin, deletes their own comment', async () => {
    const id = (await createPost(ctx.app, owner.cookie, { ...VALID_POST, title: 'Own words' })).json().id;
    const admin = await adminMember(ctx, 'Abe Admin');
    const member = (await comment(ann.cookie, id, { content: 'Never mind' })).json().id;
    const admins = (await comment(admin.cookie, id, { content: 'Wrong post' })).json().id;
    const before = await notifications();
    expect((await remove(ann, member)).statusCode).toBe(204);
    expect((await remove(admin, admins)).statusCode).toBe(204);
    expect(await comments(member)).toBe(0);
    expect(await comments(admins)).toBe(0);
    expect(await auditOf(id)).toHaveLength(0);
    expect(await notifications()).toBe(before);
  });

  it('leaves the comment in place, its author untold, when its line cannot be written', async () => {
    const id = (await createPost(ctx.app, owner.cookie, { ...VALID_POST, title: 'Kept together' })).json().id;
    const author = await registerMember(ctx.app, { username: 'Kept Kim' });
    const commentId = (await comment(author.cookie, id, { content: 'Still here' })).json().id;
    const admin = await adminMember(ctx, 'Ari Admin');
    await ctx.database.pool.query(`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused by the test'; END $$`);
    await ctx.database.pool.query('CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()');
    try {
      expect((await remove(admin, commentId)).statusCode).toBe(500);
    } finally {
      await ctx.database.pool.query('DROP TRIGGER refuse_audit ON audit_log');
      await ctx.database.pool.query('DROP FUNCTION refuse_audit()');
    }
    expect(await comments(commentId)).toBe(1);
    expect((await card(id)).commentCount).toBe(1);
    expect((await notificationsOf(ctx, author)).filter((n) => n.type === 'comment_removed')).toHaveLength(0);
    // Once the log takes lines again, the removal goes through with its line.
    expect((await remove(admin, commentId)).statusCode).toBe(204);
    expect(await auditOf(id)).toHaveLength(1);
  });
});
