import { AnalyticsDashboard } from './analytics-dashboard';
import { MemberReferralCard } from '../../referrals';
import { ImpactCard } from './impact-card';

/** The member's own cards in spec §2's order: views, impact, referrals (their own chunk: guests never download them). */
export function MemberCards({ userId }: { userId: string }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <AnalyticsDashboard userId={userId} />
      <ImpactCard userId={userId} />
      <MemberReferralCard userId={userId} />
    </div>
  );
}
