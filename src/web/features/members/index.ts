/** The members feature's public entry: a member's name that opens their profile, and a card's line of trust. */
export { MemberLink } from './components/member-link';
export { OwnerTrust } from './components/owner-trust';

import { lazyNamed } from '../../lib/lazy';

/** A member's profile opened by a link (`/?member=ID`: a notification, 'My profile'), in its own chunk. */
export const MemberProfileDialog = lazyNamed(() => import('./components/member-profile-dialog'), 'MemberProfileDialog');
