import { describe, expect, it } from 'vitest';
import { LoginInput, RegisterInput } from './auth';
import { CreatePostInput, ListPostsQuery, MapQuery, UpdateStatusInput } from './posts';
import { NOT_TEXT_MESSAGE, NUL_MESSAGE, text } from './text';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('text()', () => {
  it('refuses U+0000 before any other rule, and gives absent fields their message', () => {
    const Title = text('Title is required').trim().min(1, 'Title is required');
    expect(Title.parse('  Apples ')).toBe('Apples');
    expect(firstMessage(Title.safeParse('App\u0000les'))).toBe(NUL_MESSAGE);
    expect(firstMessage(Title.safeParse(undefined))).toBe('Title is required');
    expect(firstMessage(Title.safeParse(null))).toBe('Title is required');
    expect(firstMessage(Title.safeParse(5))).toBe(NOT_TEXT_MESSAGE);
    expect(firstMessage(text().safeParse(undefined))).toBe(NOT_TEXT_MESSAGE);
  });

  it('guards every text the auth and post contracts accept', () => {
    const post = { type: 'fruit', title: 'Apples', description: 'Red', address: '1 Main St' };
    const cases: [{ safeParse(v: unknown): { success: boolean } }, object][] = [
      [RegisterInput, { username: 'A\u0000n', email: 'a@b.co', password: 'secret1' }],
      [RegisterInput, { username: 'Ann', email: 'a@b.co', password: 'secret\u00001' }],
      [LoginInput, { email: 'a\u0000@b.co', password: 'secret1' }],
      ...(['title', 'description', 'address', 'contact', 'phoneNumber', 'ownerName', 'ownerInitials', 'zipCode', 'quantity', 'seasonalNotes'].map(
        (field) => [CreatePostInput, { ...post, [field]: 'a\u0000' }] as [typeof CreatePostInput, object],
      )),
      [UpdateStatusInput, { status: 'limited', statusNotes: 'a\u0000b' }],
      [ListPostsQuery, { q: '\u0000' }],
      [ListPostsQuery, { cursor: 'abc\u0000' }],
      [MapQuery, { bbox: '0,0,1,1', zoom: '3', q: 'a\u0000' }],
    ];
    for (const [schema, input] of cases) {
      const result = schema.safeParse(input);
      expect(result.success, JSON.stringify(input)).toBe(false);
      expect(firstMessage(result as Parameters<typeof firstMessage>[0])).toBe(NUL_MESSAGE);
    }
  });
});
