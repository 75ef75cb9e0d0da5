import { Link } from 'react-router';
import { LIMITS } from '../../../../domain/limits';
import { Button } from '../../../components/ui/button';

/**
 * Spec §2 dialog 9, Sign In: to /login and /register, with a way back to this view with the form
 * open (`redirect`, as the create flow had it: docs/decisions/0048).
 */
export function SignInTab({ back }: { back: string }) {
  const redirect = `?${new URLSearchParams({ redirect: back })}`;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Members post without limit, free. A new account starts with a {LIMITS.trialDays}-day trial of every
        post.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button variant="outline" size="lg" asChild>
          <Link to={`/login${redirect}`}>Sign In</Link>
        </Button>
        <Button variant="accent" size="lg" asChild>
          <Link to={`/register${redirect}`}>Create Free Account</Link>
        </Button>
      </div>
    </div>
  );
}
