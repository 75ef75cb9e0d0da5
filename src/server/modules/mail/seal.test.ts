import { describe, expect, it } from 'vitest';
import { createSeal } from './seal';

describe('a sealed mail text', () => {
  const seal = createSeal('a session secret of at least thirty-two characters');

  it('opens to the text under the same secret, and shows none of it sealed', () => {
    const text = 'Choose it here: https://fruit.example.org/reset-password#token=abc123';
    const sealed = seal.seal(text);
    expect(sealed).not.toContain('token');
    expect(sealed).not.toBe(seal.seal(text));
    expect(seal.open(sealed)).toBe(text);
  });

  it('does not open under another secret, nor when changed, nor when not sealed', () => {
    const sealed = seal.seal('the text');
    expect(createSeal('another secret, also thirty-two characters long').open(sealed)).toBeNull();
    const [iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(seal.open([iv, flipped.toString('base64url'), tag].join('.'))).toBeNull();
    expect(seal.open('plain text of an older mail')).toBeNull();
  });
});
