import { Link } from 'react-router';
import { Sprout } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { DismissButton } from './dismiss-button';

export const WELCOME_TEXT = {
  title: 'Welcome, neighbour!',
  body: 'People near you give away fruit from their trees, firewood and wooden skids. Browse what is up, then join to see every post and share your own.',
} as const;

/** Spec §2 Home: the welcome banner, for guests, until dismissed on this device. */
export function WelcomeBanner({ onDismiss }: { onDismiss: () => void }) {
  return (
    <section
      data-dismissable="welcome"
      aria-labelledby="welcome-title"
      className="flex items-start gap-3 rounded-2xl border border-primary/20 bg-primary-soft p-4"
    >
      <Sprout className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-2">
        <h2 id="welcome-title" className="font-semibold">
          {WELCOME_TEXT.title}
        </h2>
        <p className="text-sm">{WELCOME_TEXT.body}</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link to="/register">Start Free Trial</Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to="/login">Sign In</Link>
          </Button>
        </div>
      </div>
      <DismissButton label="Dismiss the welcome" onClick={onDismiss} />
    </section>
  );
}
