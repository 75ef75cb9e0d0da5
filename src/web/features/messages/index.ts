import { lazyNamed } from '../../lib/lazy';

/** The messages feature's public entry (DECISIONS 14): the card's Message button, the inbox, its keys. */
export { MessageButton } from './components/message-button';
export { messageKeys } from './api/message-keys';
export { useUnreadMessages } from './api/get-threads';
export { isShownThread } from './shown-thread';

/** The /messages screen, in its own chunk (docs/decisions/0040). */
export const Inbox = lazyNamed(() => import('./components/inbox'), 'Inbox');
