/** The referrals feature's public entry (spec §2 invite and referral cards, §9; DECISIONS 26). */
export { InviteSection } from './components/invite-section';
export { MemberReferralCard } from './components/member-referral-card';
