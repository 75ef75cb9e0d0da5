/** The members feature's public entry: a member's name that opens their profile, and a card's line of trust. */
export { MemberLink } from './components/member-link';
export { OwnerTrust } from './components/owner-trust';
