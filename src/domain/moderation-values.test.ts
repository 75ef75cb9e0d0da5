import { describe, expect, it } from 'vitest';
import { DAY_MS } from './limits';
import { caseStanding, hidesPost, reportWeight, shortId, statusTone, type CountedReport } from './moderation-values';

const old = { member: true, accountAgeMs: 30 * DAY_MS, upheld: 0, dismissed: 0 };
const report = (reporterId: string | null, weight: number, fromNewAccount = false): CountedReport => ({ reporterId, weight, fromNewAccount });

describe('the weight of a report (issue 19)', () => {
  it('is 1 from an established member, 0.25 from an account younger than 7 days, 0 from a guest', () => {
    expect(reportWeight(old)).toBe(1);
    expect(reportWeight({ ...old, accountAgeMs: 7 * DAY_MS - 1 })).toBe(0.25);
    expect(reportWeight({ ...old, accountAgeMs: 7 * DAY_MS })).toBe(1);
    expect(reportWeight({ ...old, member: false })).toBe(0);
  });

  it('follows the reporter’s record only from 5 decided reports: less when mostly dismissed, more when mostly upheld', () => {
    expect(reportWeight({ ...old, upheld: 0, dismissed: 4 })).toBe(1);
    expect(reportWeight({ ...old, upheld: 0, dismissed: 5 })).toBe(0.5);
    expect(reportWeight({ ...old, upheld: 5, dismissed: 0 })).toBe(1.5);
    expect(reportWeight({ ...old, upheld: 4, dismissed: 1 })).toBe(1.3);
    expect(reportWeight({ ...old, upheld: 1, dismissed: 4 })).toBe(0.7);
    expect(reportWeight({ ...old, upheld: 3, dismissed: 3 })).toBe(1);
    expect(reportWeight({ ...old, accountAgeMs: DAY_MS, upheld: 5, dismissed: 0 })).toBe(0.38);
  });
});

describe('when open reports hide a post (issue 19)', () => {
  it('needs a weight of 3 and 3 distinct members', () => {
    expect(hidesPost([report('a', 1), report('b', 1), report('c', 1)], false)).toBe(true);
    expect(hidesPost([report('a', 1), report('b', 1)], false)).toBe(false);
    expect(hidesPost([report('a', 1.5), report('b', 1.5)], false)).toBe(false);
    expect(hidesPost([report('a', 1), report('b', 1), report('c', 0.5)], false)).toBe(false);
    expect(hidesPost([report('a', 1), report('b', 1), report(null, 0), report(null, 0), report('c', 0.7)], false)).toBe(false);
  });

  it('never hides an admin’s post', () => {
    expect(hidesPost([report('a', 1.5), report('b', 1.5), report('c', 1.5)], true)).toBe(false);
  });

  it('marks a case where half the weight or more comes from new accounts as a possible brigade, which never hides by itself', () => {
    const brigade = Array.from({ length: 12 }, (_, i) => report(`n${i}`, 0.25, true));
    expect(caseStanding(brigade)).toEqual({ weight: 3, members: 12, possibleBrigade: true });
    expect(hidesPost(brigade, false)).toBe(false);
    const mixed = [report('a', 1), report('b', 1), report('n1', 0.25, true), report('n2', 0.25, true)];
    expect(caseStanding(mixed).possibleBrigade).toBe(false);
    expect(caseStanding([report('a', 1), report('n1', 0.25, true), report('n2', 0.25, true), report('n3', 0.25, true), report('n4', 0.25, true)]).possibleBrigade).toBe(true);
  });

  it('needs several new accounts for a brigade: a new member’s report alone, or two, is not one', () => {
    expect(caseStanding([report('n1', 0.25, true)])).toEqual({ weight: 0.25, members: 1, possibleBrigade: false });
    expect(caseStanding([report('n1', 0.25, true), report('n2', 0.25, true)]).possibleBrigade).toBe(false);
    // The same new member twice (as two open reports) is still one account.
    expect(caseStanding([report('n1', 0.25, true), report('n1', 0.25, true), report('n2', 0.25, true)]).possibleBrigade).toBe(false);
    expect(caseStanding([report('n1', 0.25, true), report('n2', 0.25, true), report('n3', 0.25, true)]).possibleBrigade).toBe(true);
    // Guests' reports weigh nothing and name no reporter: they make no brigade.
    expect(caseStanding([report('n1', 0.25, true), report(null, 0), report(null, 0)]).possibleBrigade).toBe(false);
  });

  it('still hides when established members alone reach the threshold, however many new accounts pile on', () => {
    const established = [report('a', 1), report('b', 1), report('c', 1)];
    const flood = Array.from({ length: 12 }, (_, i) => report(`n${i}`, 0.25, true));
    expect(caseStanding([...established, ...flood]).possibleBrigade).toBe(true);
    expect(hidesPost([...established, ...flood], false)).toBe(true);
    expect(hidesPost([report('a', 1), report('b', 1), ...flood], false)).toBe(false);
  });
});

describe('the admin screen’s small rules (spec §2 Admin, §4)', () => {
  it('shows ids by their first 8 characters', () => {
    expect(shortId('0123456789abcdef')).toBe('01234567');
  });

  it('styles statuses, an unknown one as pending', () => {
    expect(statusTone('pending')).toBe('pending');
    expect(statusTone('resolved')).toBe('good');
    expect(statusTone('approved')).toBe('good');
    expect(statusTone('rejected')).toBe('bad');
    expect(statusTone('dismissed')).toBe('neutral');
    expect(statusTone('reviewed')).toBe('neutral');
    expect(statusTone('escalated')).toBe('pending');
  });
});
