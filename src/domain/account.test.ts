import { describe, expect, it } from 'vitest';
import type { Grant } from './access';
import { accessLostText, renamedText } from './account';

describe('renamedText', () => {
  it('ends with one full stop, whether or not the name ends a sentence itself', () => {
    expect(renamedText('Fern Gully')).toBe('Neighbours now see you as Fern Gully.');
    expect(renamedText('Alice P.')).toBe('Neighbours now see you as Alice P.');
    expect(renamedText('Hi!')).toBe('Neighbours now see you as Hi!');
  });
});

describe('accessLostText (0150)', () => {
  const now = new Date('2026-12-08T12:00:00Z');
  const grant = (kind: Grant['kind'], endsAt: Date | null, startsAt = new Date('2026-12-01T00:00:00Z')) => ({ kind, startsAt, endsAt });
  const later = new Date('2026-12-09T12:00:00Z');
  const earlier = new Date('2026-12-07T12:00:00Z');

  it('names lifetime access first', () => {
    expect(accessLostText([grant('trial', later), grant('lifetime', null), grant('credit', null)], now)).toBe(
      'Your lifetime access goes with it and is not refunded: a new account would start without it.',
    );
  });

  it('names a pass or earned days still to come, unspent credit, and owner access', () => {
    const access = 'The access you paid for or earned by inviting friends goes with it and is not refunded.';
    expect(accessLostText([grant('day', later)], now)).toBe(access);
    expect(accessLostText([grant('day', new Date('2026-12-10T12:00:00Z'), later)], now)).toBe(access);
    expect(accessLostText([grant('credit', null)], now)).toBe('Your unspent referral credit goes with it.');
    expect(accessLostText([grant('day', later), grant('credit', null)], now)).toBe(
      'The access you paid for or earned by inviting friends, and your unspent referral credit, go with it and are not refunded.',
    );
    expect(accessLostText([grant('owner', null)], now)).toBe('Your owner access goes with it: a new account would start without it.');
  });

  it('says nothing for a trial, the kindness grant, or what has ended or been spent', () => {
    expect(accessLostText([grant('trial', later), grant('kindness', later), grant('day', earlier), grant('credit', earlier)], now)).toBeNull();
  });
});
