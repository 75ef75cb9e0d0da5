/** The keys of /api/referrals (docs/decisions/0074), per member: a change of member never shows the last one's friends. */
export const referralKeys = {
  all: ['/api/referrals'] as const,
  member: (userId: string | null) => [...referralKeys.all, userId] as const,
  /** GET /api/referrals: the member's referrals (spec §3). */
  list: (userId: string | null) => [...referralKeys.member(userId), 'list'] as const,
  /** GET /api/referrals/summary: the referral card. */
  summary: (userId: string | null) => [...referralKeys.member(userId), 'summary'] as const,
};
