/** The community feature's public entry: the home page's cards (spec §2 Home; issue 20). */
export { communityKeys } from './api/community-keys';
export { areaFilter } from './card-texts';
export { CommunityCards } from './components/community-cards';
export { MemberSection } from './components/member-section';
