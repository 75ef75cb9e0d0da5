import { useEffect } from 'react';
import { viewingEndsAt } from '../../../../domain/policy';
import type { PostTypeValue } from '../../../../domain/post-values';
import { useSession } from '../../../lib/session-provider';
import { useCommunity } from '../api/get-community';
import { REMEMBERED_KEYS, useRemembered } from '../remembered';
import { MarketingBanner } from './marketing-banner';
import { PopularLocations } from './popular-locations';
import { StatsCard } from './stats-card';
import { TrendingCard } from './trending-card';
import { WelcomeBanner } from './welcome-banner';

interface CommunityCardsProps {
  type: PostTypeValue;
  filters: Parameters<typeof PopularLocations>[0]['filters'];
  onArea: Parameters<typeof PopularLocations>[0]['onArea'];
  onOpenPost: (id: string) => void;
  onShare: () => void;
}

/**
 * The home page's cards for everyone, in the spec's order (§2 Home): welcome (guests), community
 * stats, the marketing banner, trending, popular locations. One request (GET /api/community)
 * feeds them all; each keeps its space while it loads.
 */
export function CommunityCards({ type, filters, onArea, onOpenPost, onShare }: CommunityCardsProps) {
  const { user, actor, isLoading } = useSession();
  // A guest holding a pass is told until when, not asked to join to see every post (0140).
  const accessUntil = isLoading ? undefined : viewingEndsAt(actor, new Date());
  const community = useCommunity();
  const [welcomed, setWelcomed] = useRemembered(REMEMBERED_KEYS.welcome, () => false);
  // A member needs no welcome: on this device it stays away, even while a later visit's session loads.
  useEffect(() => {
    if (user && !welcomed) setWelcomed(true);
  }, [user, welcomed, setWelcomed]);
  return (
    <>
      {/* While the session loads, a device that never had a member is taken for a guest's: nothing moves then. */}
      {!user && !welcomed && <WelcomeBanner accessUntil={accessUntil} onDismiss={() => setWelcomed(true)} />}
      <StatsCard figures={community.data} failed={community.isError} />
      <MarketingBanner onShare={onShare} />
      <TrendingCard type={type} trending={community.data?.trending} onOpenPost={onOpenPost} />
      <PopularLocations areas={community.data?.popularAreas} filters={filters} onArea={onArea} />
    </>
  );
}
