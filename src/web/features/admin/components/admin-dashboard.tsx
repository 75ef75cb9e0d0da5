import { Link, useSearchParams } from 'react-router';
import { ArrowLeft, BadgeCheck, Flag, ScrollText } from 'lucide-react';
import { ADMIN_TEXTS } from '../../../../domain/moderation-values';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { CountBadge, unreadText } from '../../../components/ui/count-badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useAdminStats } from '../api/get-stats';
import { AuditTab } from './audit-tab';
import { ReportsTab } from './reports-tab';
import { StatCards } from './stat-cards';
import { VerificationsTab } from './verifications-tab';

const TABS = ['reports', 'verifications', 'audit'] as const;
type Tab = (typeof TABS)[number];

/**
 * /admin (spec §2 Admin, issue 19): 'Back to Home', four stat cards, and the tabs 'Post Reports'
 * (cases), 'Verifications' and 'Audit log'. The open tab is kept in the address (`?tab=`).
 */
export function AdminDashboard() {
  const stats = useAdminStats();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'reports';
  const pending = { reports: stats.data?.pendingCases ?? 0, verifications: stats.data?.pendingVerifications ?? 0 };
  return (
    <Page eyebrow="Moderation" title={ADMIN_TEXTS.title} description="Review reported posts and verification requests. Every decision is kept in the audit log.">
      <div className="grid gap-6">
        <Button variant="outline" className="justify-self-start" asChild>
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            {ADMIN_TEXTS.backHome}
          </Link>
        </Button>
        <StatCards stats={stats.data} />
        <Tabs className="min-w-0" value={tab} onValueChange={(next) => setParams(next === 'reports' ? {} : { tab: next }, { replace: true })}>
          {/* Icons from sm up: the three tabs and their counts fit a 390 px phone (the list scrolls below that). */}
          <TabsList className="w-full sm:w-auto [&_[role=tab]]:px-2 sm:[&_[role=tab]]:px-3 [&_[role=tab]>svg]:hidden sm:[&_[role=tab]>svg]:block">
            <TabsTrigger value="reports">
              <Flag aria-hidden="true" />
              {ADMIN_TEXTS.reportsTab}
              <TabCount count={pending.reports} />
            </TabsTrigger>
            <TabsTrigger value="verifications">
              <BadgeCheck aria-hidden="true" />
              {ADMIN_TEXTS.verificationsTab}
              <TabCount count={pending.verifications} />
            </TabsTrigger>
            <TabsTrigger value="audit">
              <ScrollText aria-hidden="true" />
              {ADMIN_TEXTS.auditTab}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="reports">
            <ReportsTab />
          </TabsContent>
          <TabsContent value="verifications">
            <VerificationsTab />
          </TabsContent>
          <TabsContent value="audit">
            <AuditTab />
          </TabsContent>
        </Tabs>
      </div>
    </Page>
  );
}

/** A tab's pending items: a small count, and in words for screen readers. */
function TabCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <>
      <CountBadge count={count} className="static ring-0" />
      <span className="sr-only">{unreadText(count, 'pending')}</span>
    </>
  );
}
