/** The account feature's public entry: the member's name, email, mail settings and posts on the account page. */
export { EmailCard } from './components/email-card';
export { NameCard } from './components/name-card';
export { MailCard } from './components/mail-card';
export { MailStopForm } from './components/mail-stop-form';
export { OwnPostsCard } from './components/own-posts-card';
