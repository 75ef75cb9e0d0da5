import { AnalyticsDashboard } from './analytics-dashboard';
import { ImpactCard } from './impact-card';

/** The member's own cards (their own chunk: guests never download them). */
export function MemberCards({ userId }: { userId: string }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <AnalyticsDashboard userId={userId} />
      <ImpactCard userId={userId} />
    </div>
  );
}
