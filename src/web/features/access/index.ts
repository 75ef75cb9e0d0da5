import { lazyNamed } from '../../lib/lazy';

/**
 * The access feature's public entry (spec §2 Subscribe and dialog 9, §4; DECISIONS 4-9, 25):
 * passes and payments, the Kindness Button, the owner password, the posting fee.
 */
export { usePostingReturn } from './use-posting-return';

/** /subscribe, in its own chunk (docs/decisions/0040). */
export const SubscribePage = lazyNamed(() => import('./components/subscribe-page'), 'SubscribePage');
/** The Post Access Required dialog, in its own chunk. */
export const PostAccessDialog = lazyNamed(
  () => import('./components/post-access-dialog'),
  'PostAccessDialog',
);
