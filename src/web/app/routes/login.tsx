import { Link, useSearchParams } from 'react-router';
import { safeRedirect } from '../../../domain/auth';
import { LoginForm } from '../../features/auth';
import { AuthScreen, withRedirect } from './auth-screen';

export function Login() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return (
    <AuthScreen
      documentTitle="Sign In"
      title="Welcome back"
      description="Sign in to see every post near you and reach the neighbours sharing them."
      footer={
        <>
          <p>
            <Link to="/forgot-password" className="font-semibold text-primary hover:underline">
              Forgot your password?
            </Link>
          </p>
          <p>
            New here?{' '}
            <Link
              to={withRedirect('/register', redirect)}
              className="font-semibold text-primary hover:underline"
            >
              Create an account
            </Link>
          </p>
        </>
      }
    >
      <LoginForm to={safeRedirect(redirect)} />
    </AuthScreen>
  );
}
