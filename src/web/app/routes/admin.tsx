import { Suspense } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { ADMIN_TEXTS } from '../../../domain/moderation-values';
import { canModerate } from '../../../domain/policy';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { AdminDashboard } from '../../features/admin';
import { useSession } from '../../lib/session-provider';
import { PageLoading } from './page-loading';
import { RequireMember } from './require-member';

/**
 * /admin (spec §2 Admin, DECISIONS 3): a guest is sent to sign in and back; a member who is not an
 * admin sees 'Admins only', never the page; an admin the dashboard. The server refuses them all the
 * same (every /api/admin/* call asks the policy).
 */
export function Admin() {
  return (
    <RequireMember>
      <AdminGate />
    </RequireMember>
  );
}

function AdminGate() {
  const { actor } = useSession();
  if (!canModerate(actor).ok) return <AdminsOnly />;
  return (
    <Suspense fallback={<PageLoading />}>
      <AdminDashboard />
    </Suspense>
  );
}

export function AdminsOnly() {
  return (
    <Page title={ADMIN_TEXTS.adminsOnlyTitle} eyebrow="Admin">
      <Card className="flex max-w-2xl flex-col items-start gap-4 p-6 sm:flex-row sm:items-center">
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent">
          <ShieldAlert className="size-6" aria-hidden="true" />
        </span>
        <p className="flex-1 text-muted-foreground">{ADMIN_TEXTS.adminsOnlyText}</p>
        <Button variant="outline" asChild>
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            {ADMIN_TEXTS.backHome}
          </Link>
        </Button>
      </Card>
    </Page>
  );
}
