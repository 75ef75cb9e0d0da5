import { describe, expect, it } from 'vitest';
import { townOf } from './address-town';

describe('townOf (docs/decisions/0130)', () => {
  it.each([
    ['21 Birchmount Rd, Scarborough', 'Scarborough'],
    ['12 Maple St, Toronto, ON', 'Toronto'],
    ['12 Maple St, Toronto, ON M4C 1A1', 'Toronto'],
    ['12 Maple St, Toronto, on m4c1a1, Canada', 'Toronto'],
    ['12 Maple St, Toronto, M4C 1A1', 'Toronto'],
    ['12 Maple St, Toronto ON M4C 1A1', 'Toronto'],
    ['12 Maple St, Toronto M4C', 'Toronto'],
    ['12 Maple St, Toronto, Ontario', 'Toronto'],
    ['5 Rue Sainte-Catherine, Montréal, Québec H2X 1Y4', 'Montréal'],
    ['1 Main St, Springfield, IL 62701-1234, USA', 'Springfield'],
    ['1 Main St, Springfield, United States of America', 'Springfield'],
    ['  5 Cedar Lane ,  Bobcaygeon  ', 'Bobcaygeon'],
    ['12 Maple St, Bay St', 'Bay St'],
  ])('finds the town of %j', (address, town) => {
    expect(townOf(address)).toBe(town);
  });

  it.each([
    '14 Midland Ave',
    '14 Midland Ave,',
    '14 Midland Ave, ON',
    '14 Midland Ave, M1P 4R1, Canada',
    'Toronto, ON',
    'Unit 2, 14 Midland Ave, ON',
    'Unit 2, 14 Midland Ave\nToronto',
    '',
  ])('finds no town, never a street or a postal code, in %j', (address) => {
    expect(townOf(address)).toBeNull();
  });
});
