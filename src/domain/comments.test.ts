import { describe, expect, it } from 'vitest';
import { removedByAdmin } from './comments';

describe('a comment deleted by an admin (0151)', () => {
  const comment = { authorId: 'author' };

  it("is moderation when the admin deletes someone else's comment, not their own", () => {
    expect(removedByAdmin({ userId: 'admin', isAdmin: true }, comment)).toBe(true);
    expect(removedByAdmin({ userId: 'author', isAdmin: true }, comment)).toBe(false);
  });

  it('is never moderation when a member deletes their own comment', () => {
    expect(removedByAdmin({ userId: 'author', isAdmin: false }, comment)).toBe(false);
  });
});
