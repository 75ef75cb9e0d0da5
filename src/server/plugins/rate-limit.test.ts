import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { addressKey, rateLimited } from './rate-limit';

describe('addressKey', () => {
  it('keeps an IPv4 address, also when written as IPv4-mapped IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64', () => {
    const key = addressKey('2001:db8:85a3:1:8a2e:370:7334:1');
    expect(key).toBe('2001:db8:85a3:1::/64');
    expect(addressKey('2001:0db8:85a3:0001:ffff::2')).toBe(key);
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:0:0:1::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('2001:db8:85a3:2::1')).not.toBe(key);
  });
});

describe('rate limit answers', () => {
  it('says what is limited and for how long, with Retry-After in seconds', () => {
    const err = rateLimited({ what: 'new posts' }, 3599.2);
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(429);
    expect(err.message).toBe('Too many new posts. Please try again in 60 minutes.');
    expect(err.headers).toEqual({ 'retry-after': '3600' });
    expect(rateLimited({ what: 'things' }, 0).message).toBe('Too many things. Please try again in 1 minute.');
  });
});
