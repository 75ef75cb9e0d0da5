import { describe, expect, it } from 'vitest';
import { LoginInput, RegisterInput, safeRedirect } from './auth';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('login and register validation (spec §5)', () => {
  it('accepts valid input and trims the email (case is kept; the database compares it case-insensitively)', () => {
    const parsed = LoginInput.parse({ email: '  Ada@Example.COM ', password: 'secret1' });
    expect(parsed.email).toBe('Ada@Example.COM');
  });
  it("uses the spec's messages", () => {
    expect(firstMessage(LoginInput.safeParse({ email: 'nope', password: 'secret1' }))).toBe('Invalid email address');
    expect(firstMessage(LoginInput.safeParse({ email: 'a@b.co', password: '12345' }))).toBe(
      'Password must be at least 6 characters',
    );
    expect(firstMessage(RegisterInput.safeParse({ username: 'a', email: 'a@b.co', password: 'secret1' }))).toBe(
      'Username must be at least 2 characters',
    );
  });
  it('gives absent fields the spec messages', () => {
    expect(firstMessage(RegisterInput.safeParse({}))).toBe('Username must be at least 2 characters');
    expect(firstMessage(RegisterInput.safeParse({ username: 'Ann' }))).toBe('Invalid email address');
    expect(firstMessage(RegisterInput.safeParse({ username: 'Ann', email: 'a@b.co' }))).toBe('Password must be at least 6 characters');
    expect(firstMessage(LoginInput.safeParse({}))).toBe('Invalid email address');
    expect(firstMessage(LoginInput.safeParse({ email: 'a@b.co' }))).toBe('Password must be at least 6 characters');
  });
  it("refuses a username with a line break or another control character (it is written into mail, as the invitation's first words)", () => {
    for (const username of ['Ann\n\nJoin here: https://evil.example', 'Ann\rBob', 'Ann\tBob', 'Ann\u0085Bob']) {
      expect(firstMessage(RegisterInput.safeParse({ username, email: 'a@b.co', password: 'secret1' }))).toBe('Username cannot contain line breaks or other control characters');
    }
    expect(RegisterInput.parse({ username: '  Ann Marie-O’Neil 李 ', email: 'a@b.co', password: 'secret1' }).username).toBe('Ann Marie-O’Neil 李');
  });
  it('refuses invisible characters that would let a name pass for another, and keeps the joiners names need', () => {
    for (const username of ['Admin\u200b Team', 'admin\u2060', '\u202eninda', 'An\ufeffn', 'Ann\u00adMarie']) {
      expect(firstMessage(RegisterInput.safeParse({ username, email: 'a@b.co', password: 'secret1' }))).toBe('Username cannot contain invisible characters');
    }
    for (const username of ['می\u200cخواهم', 'Family 👨\u200d👩\u200d👧']) {
      expect(RegisterInput.parse({ username, email: 'a@b.co', password: 'secret1' }).username).toBe(username);
    }
  });
  it('writes a run of spaces inside a username as one, so it does not pass for another (0148)', () => {
    expect(RegisterInput.parse({ username: '  Dave  Pallets  ', email: 'a@b.co', password: 'secret1' }).username).toBe('Dave Pallets');
    expect(RegisterInput.parse({ username: 'Dave \u00a0\u3000Pallets', email: 'a@b.co', password: 'secret1' }).username).toBe('Dave Pallets');
    expect(RegisterInput.parse({ username: 'Dave\u00a0Pallets', email: 'a@b.co', password: 'secret1' }).username).toBe('Dave\u00a0Pallets');
  });
  it('has sensible maximum lengths', () => {
    expect(RegisterInput.safeParse({ username: 'x'.repeat(41), email: 'a@b.co', password: 'secret1' }).success).toBe(false);
    expect(LoginInput.safeParse({ email: 'a@b.co', password: 'x'.repeat(129) }).success).toBe(false);
  });
});

describe('safeRedirect', () => {
  it('keeps same-site paths, with their query and fragment', () => {
    expect(safeRedirect('/favorites?x=1')).toBe('/favorites?x=1');
    expect(safeRedirect('/?post=p1#comments')).toBe('/?post=p1#comments');
    expect(safeRedirect('/map?q=apple%20tree')).toBe('/map?q=apple%20tree');
  });
  it('refuses other sites, protocol-relative and backslash tricks', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      // A browser drops tabs and line breaks from a URL: these are //evil.example to it.
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\t\\evil.example',
      'javascript:alert(1)',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
});
