import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogIn } from 'lucide-react';
import { useSignInPath } from '../../lib/sign-in';
import { cn } from '../../lib/utils';
import { Button } from './button';

/**
 * What a guest finds where a member's control would be ('Sign in to contact', 'Sign in to
 * comment'): a link to sign in that comes back to the same page.
 */
export function SignInLink({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <Button variant="outline" size="sm" className={cn('w-full', className)} asChild>
      <Link to={useSignInPath()}>
        <LogIn aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
