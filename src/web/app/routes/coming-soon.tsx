import { Link } from 'react-router';
import { ArrowLeft, Hammer } from 'lucide-react';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LOCAL_AREAS } from '../local-areas';

interface ComingSoonProps {
  title: string;
  text: string;
  eyebrow?: string;
}

/** The screens of spec §2 that later issues build: an honest frame, no made-up content. */
export const COMING_SOON_PAGES: ({ path: string } & ComingSoonProps)[] = [
  {
    path: 'admin',
    title: 'Admin',
    text: 'Reviewing post reports and verification requests is coming soon, for admins only.',
  },
  ...LOCAL_AREAS.map((area) => ({
    path: area.path,
    eyebrow: area.name,
    title: `Free fruit, firewood and skids in ${area.name}`,
    text: `A page about sharing in ${area.name} is coming soon. Every post is already on the home page.`,
  })),
];

export function ComingSoon({ title, text, eyebrow }: ComingSoonProps) {
  return (
    <Page title={title} eyebrow={eyebrow}>
      <Card className="flex max-w-2xl flex-col items-start gap-4 p-6 sm:flex-row sm:items-center">
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent">
          <Hammer className="size-6" aria-hidden="true" />
        </span>
        <p className="flex-1 text-muted-foreground">{text}</p>
        <Button variant="outline" asChild>
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Back to home
          </Link>
        </Button>
      </Card>
    </Page>
  );
}
