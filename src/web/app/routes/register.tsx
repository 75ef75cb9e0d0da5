import { Link, useSearchParams } from 'react-router';
import { safeRedirect } from '../../../domain/auth';
import { LIMITS } from '../../../domain/limits';
import { PRODUCTS, usd } from '../../../domain/payment-values';
import { RegisterForm } from '../../features/auth';
import { AuthScreen, withRedirect } from './auth-screen';

const linkStyle = 'font-semibold text-primary hover:underline';

export function Register() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return (
    <AuthScreen
      documentTitle="Create an account"
      title="Start your free trial"
      description={`${LIMITS.trialDays} days of full access, free. After that, lifetime access is a one-time ${usd(PRODUCTS.lifetime.cents)}.`}
      footer={
        <>
          <p>
            Already have an account?{' '}
            <Link to={withRedirect('/login', redirect)} className={linkStyle}>
              Sign in
            </Link>
          </p>
          <p>
            Rather pay now?{' '}
            <Link to="/subscribe" className={linkStyle}>
              See plans and passes
            </Link>
          </p>
        </>
      }
    >
      <RegisterForm to={safeRedirect(redirect)} />
    </AuthScreen>
  );
}
