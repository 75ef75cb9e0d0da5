import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers';

describe('formatCount', () => {
  it('writes what toLocaleString("en-US") writes, without Intl', () => {
    const values = [0, -0, 1, 7, 12, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 1_234_567_890, -1, -1234, 0.5, 12.5, 1234.5678, 0.0004, 0.0005, 2.675, -0.0001, 1e15, Number.NaN, Infinity, -Infinity];
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let i = 0; i < 2000; i += 1) values.push(Math.round(next() * 10 ** (i % 12)), next() * 10 ** (i % 8));
    for (const n of values) expect(formatCount(n), String(n)).toBe(n.toLocaleString('en-US'));
  });

  it('groups thousands', () => {
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(950)).toBe('950');
  });
});
