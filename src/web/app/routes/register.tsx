import { Link, useSearchParams } from 'react-router';
import { safeRedirect } from '../../../domain/auth';
import { LIMITS } from '../../../domain/limits';
import { PRODUCTS, usd } from '../../../domain/payment-values';
import { viewingEndsAt } from '../../../domain/policy';
import { RegisterForm } from '../../features/auth';
import { joinTextFor } from '../../lib/session';
import { useSession } from '../../lib/session-provider';
import { AuthScreen, withRedirect } from './auth-screen';

const linkStyle = 'font-semibold text-primary hover:underline';

/** Spec §2 Register; a guest whose access never ends is offered an account, not a trial (0148). */
export function Register() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const { actor } = useSession();
  const accessEnd = viewingEndsAt(actor, new Date());
  const join = joinTextFor(accessEnd);
  const forLife = accessEnd === null;
  return (
    <AuthScreen
      documentTitle="Create an account"
      title={forLife ? 'Create your account' : 'Start your free trial'}
      description={
        forLife
          ? 'Your access never ends. An account keeps it with you on every device you sign in on.'
          : `${LIMITS.trialDays} days of full access, free. After that, lifetime access is a one-time ${usd(PRODUCTS.lifetime.cents)}.`
      }
      footer={
        <>
          <p>
            Already have an account?{' '}
            <Link to={withRedirect('/login', redirect)} className={linkStyle}>
              Sign in
            </Link>
          </p>
          {!forLife && (
            <p>
              Rather pay now?{' '}
              <Link to="/subscribe" className={linkStyle}>
                See plans and passes
              </Link>
            </p>
          )}
        </>
      }
    >
      <RegisterForm to={safeRedirect(redirect)} submitLabel={join.label} />
    </AuthScreen>
  );
}
