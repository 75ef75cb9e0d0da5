import { describe, expect, it } from 'vitest';
import type { Post } from '../../../../../domain/posts';
import { changedFrom, valuesOf, type PostFormInput } from './post-form';

const empty: PostFormInput = {
  title: '',
  description: '',
  address: '',
  region: '',
  latitude: undefined,
  longitude: undefined,
  exactLocation: false,
};

describe('whether the post form holds anything to lose', () => {
  it('sees no change in a form as it opened, empty or not', () => {
    expect(changedFrom(empty, { ...empty })).toBe(false);
    const post = { title: 'Plums', description: 'Sweet', address: '1 Elm St', latitude: 43.6, longitude: -79.4, exactLocation: false } as Post;
    expect(changedFrom(valuesOf(post), valuesOf(post))).toBe(false);
  });

  it('sees one typed character, a pin, the exact-spot choice or a region', () => {
    expect(changedFrom(empty, { ...empty, title: 'x' })).toBe(true);
    expect(changedFrom(empty, { ...empty, latitude: 43.6, longitude: -79.4 })).toBe(true);
    expect(changedFrom(empty, { ...empty, exactLocation: true })).toBe(true);
    expect(changedFrom(empty, { ...empty, region: 'muskoka' })).toBe(true);
  });
});
