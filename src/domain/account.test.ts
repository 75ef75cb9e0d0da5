import { describe, expect, it } from 'vitest';
import { renamedText } from './account';

describe('renamedText', () => {
  it('ends with one full stop, whether or not the name ends a sentence itself', () => {
    expect(renamedText('Fern Gully')).toBe('Neighbours now see you as Fern Gully.');
    expect(renamedText('Alice P.')).toBe('Neighbours now see you as Alice P.');
    expect(renamedText('Hi!')).toBe('Neighbours now see you as Hi!');
  });
});
