import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PASSWORD_MESSAGES } from '../../../domain/passwords';
import { ForgotPasswordForm, ResetPasswordForm } from '../../features/auth';
import { useSession } from '../../lib/session-provider';
import { AuthScreen } from './auth-screen';

const linkClass = 'font-semibold text-primary hover:underline';

/** /forgot-password: a link to choose a new password, mailed when this server mails (docs/decisions/0135). */
export function ForgotPassword() {
  const { features, isLoading } = useSession();
  const off = !isLoading && !features.resetByEmail;
  return (
    <AuthScreen
      documentTitle="Forgot your password?"
      title="Forgot your password?"
      description="Give the email you signed up with, and we will mail it a link to choose a new password. The link works for one hour."
      footer={
        <p>
          Remembered it?{' '}
          <Link to="/login" className={linkClass}>
            Sign in
          </Link>
        </p>
      }
    >
      {off ? (
        <p className="rounded-md bg-muted p-4 text-sm">{PASSWORD_MESSAGES.resetOff}</p>
      ) : (
        <ForgotPasswordForm />
      )}
    </AuthScreen>
  );
}

/**
 * /reset-password#token=…: the mailed link's page. The token rides in the fragment, which no
 * request carries; it is taken off the address bar at once, so it stays in no history entry.
 */
export function ResetPassword() {
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(hash.slice(1)).get('token') ?? '');
  useEffect(() => {
    if (hash) void navigate(pathname, { replace: true });
  }, [hash, pathname, navigate]);

  return (
    <AuthScreen
      documentTitle="Choose a new password"
      title="Choose a new password"
      description="Every browser where you were signed in is signed out, and this one is signed in with your new password."
      footer={
        <p>
          Link not working?{' '}
          <Link to="/forgot-password" className={linkClass}>
            Ask for a new one
          </Link>
        </p>
      }
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p role="alert" className="rounded-md bg-muted p-4 text-sm">
          {PASSWORD_MESSAGES.linkMissing}
        </p>
      )}
    </AuthScreen>
  );
}
