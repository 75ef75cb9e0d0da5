import { Link, useLocation } from 'react-router';
import { MailStopQuery } from '../../../domain/account';
import { MailStopForm } from '../../features/account';
import { AuthScreen } from './auth-screen';

/** /mail/stop?u=…&t=…: the link at the foot of a message mail (docs/decisions/0138), signed in or not. */
export function MailStop() {
  const { search } = useLocation();
  const link = MailStopQuery.safeParse(Object.fromEntries(new URLSearchParams(search)));
  return (
    <AuthScreen
      documentTitle="Stop message mail"
      title={link.success ? 'Stop message mail?' : 'Message mail'}
      description={`We mail you when a neighbour writes to you: the first message of a conversation.${link.success ? ' Stop these mails for the account this link was mailed to.' : ''}`}
      footer={
        <p>
          Your{' '}
          <Link to="/account" className="font-semibold text-primary hover:underline">
            account page
          </Link>{' '}
          turns message mail on and off at any time.
        </p>
      }
    >
      <MailStopForm link={link.success ? link.data : null} />
    </AuthScreen>
  );
}
