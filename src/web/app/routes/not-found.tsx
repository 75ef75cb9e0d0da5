import { Link, useLocation } from 'react-router';
import { ArrowLeft, TriangleAlert } from 'lucide-react';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

/** Spec §2: any unknown path shows this, with a hint for developers. */
export function NotFound() {
  const { pathname } = useLocation();
  return (
    <Page
      title="404 Page Not Found"
      eyebrow="Error 404"
      description="We couldn't find the page you were looking for."
    >
      <Card className="max-w-2xl p-6">
        <p className="flex items-start gap-2.5 text-sm">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          <span>
            No route matches{' '}
            <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[13px]">{pathname}</code>. Did you
            forget to add the page to the router?
          </span>
        </p>
        <Button className="mt-5" asChild>
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Back to home
          </Link>
        </Button>
      </Card>
    </Page>
  );
}
