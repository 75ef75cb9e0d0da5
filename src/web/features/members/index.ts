/**
 * The members feature's public entry: a member's name that opens their profile, a card's line of
 * trust, and the profile's answer (what the viewer may do: a conversation's reply box asks it).
 */
export { useProfile } from './api/get-profile';
export { MemberLink } from './components/member-link';
export { OwnerTrust } from './components/owner-trust';

import { lazyNamed } from '../../lib/lazy';

/** A member's profile opened by a link (`/?member=ID`: a notification, 'My profile'), in its own chunk. */
export const MemberProfileDialog = lazyNamed(() => import('./components/member-profile-dialog'), 'MemberProfileDialog');
