/** The account feature's public entry: the member's name and email on the account page. */
export { EmailCard } from './components/email-card';
export { NameCard } from './components/name-card';
