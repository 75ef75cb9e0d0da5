import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { DocumentTitle } from './page';

/** The screen a signed-in member who is not an admin sees on an admin screen (/marketing, /admin). */
export function AdminsOnly() {
  return (
    <div className="mx-auto grid w-full max-w-6xl px-4 py-12 sm:px-6">
      <DocumentTitle title="Admins only" />
      <Card className="grid max-w-xl gap-3 p-6">
        <ShieldAlert className="size-8 text-accent" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Admins only</h1>
        <p className="text-muted-foreground">
          This screen is for the site&apos;s admins. Your account does not have access to it.
        </p>
        <Button asChild variant="outline" className="justify-self-start">
          <Link to="/">Back to Home</Link>
        </Button>
      </Card>
    </div>
  );
}
