import { countOf } from '../../lib/count';

/** The card's comments button (spec §2 Post card): 'Be the first to comment', '1 comment', 'N comments'. */
export const commentsText = (count: number): string =>
  count === 0 ? 'Be the first to comment' : countOf(count, 'comment');
