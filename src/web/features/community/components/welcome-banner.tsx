import { Link } from 'react-router';
import { Sprout } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { joinTextFor, passEndText } from '../../../lib/session';
import { DismissButton } from './dismiss-button';
import { endSentence } from '../../../../domain/time';

export const WELCOME_TEXT = {
  title: 'Welcome, neighbour!',
  body: 'People near you give away fruit from their trees, firewood and wooden skids. Browse what is up, then join to see every post and share your own.',
  /** A guest holding a pass (a day pass, the kindness grant): what it gives, and until when (docs/decisions/0140). */
  withAccess: (until: string | null) =>
    until === null
      ? 'People near you give away fruit from their trees, firewood and wooden skids. You can see every post and share your own. A free account keeps your access with you on every device.'
      : `People near you give away fruit from their trees, firewood and wooden skids. ${endSentence(`You can see every post and share your own until ${until}`)} For longer, a free account: a 7-day trial, no payment.`,
} as const;

/**
 * Spec §2 Home: the welcome banner, for guests, until dismissed on this device. `accessUntil`: the
 * end of the guest's access to every post (null: it does not end), undefined without access.
 */
export function WelcomeBanner({ accessUntil, onDismiss }: { accessUntil?: Date | null; onDismiss: () => void }) {
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
        <p className="text-sm">
          {accessUntil === undefined ? WELCOME_TEXT.body : WELCOME_TEXT.withAccess(accessUntil && passEndText(accessUntil))}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link to="/register">{joinTextFor(accessUntil).label}</Link>
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
