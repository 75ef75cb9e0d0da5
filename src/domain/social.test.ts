import { describe, expect, it } from 'vitest';
import { instagramProfileUrl } from './social';

describe('instagramProfileUrl', () => {
  it('gives no address for an empty handle (the product has no account yet)', () => {
    expect(instagramProfileUrl('')).toBeNull();
    expect(instagramProfileUrl('  ')).toBeNull();
    expect(instagramProfileUrl('@')).toBeNull();
  });
  it('links to the profile of a handle, with or without @', () => {
    expect(instagramProfileUrl('fruit.share_to')).toBe('https://www.instagram.com/fruit.share_to/');
    expect(instagramProfileUrl(' @fruit.share_to ')).toBe('https://www.instagram.com/fruit.share_to/');
  });
  it('refuses what cannot be a username', () => {
    expect(instagramProfileUrl('a/b')).toBeNull();
    expect(instagramProfileUrl('https://www.instagram.com/x/')).toBeNull();
    expect(instagramProfileUrl('a'.repeat(31))).toBeNull();
  });
});
