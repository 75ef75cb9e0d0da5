import { Link } from 'react-router';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { ADMIN_TEXTS } from '../../../domain/moderation-values';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Page } from './page';

/** What a signed-in member who is not an admin sees on an admin screen (/admin, /marketing; DECISIONS 3, 28). */
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
