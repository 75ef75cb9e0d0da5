/**
 * A member's own posts, listed on their account page (docs/decisions/0146): every one, shown or
 * not, and why one is not. A suspended member was told they may delete their posts, which had left
 * every list, their own too; the account page is where they find them now. Zod-free: the
 * suspension notice, on every screen, links there.
 */
export const OWN_POST_SHOWN = ['listed', 'reported', 'removed', 'suspended'] as const;
export type OwnPostShown = (typeof OWN_POST_SHOWN)[number];

/** Why a post of one's own is in no list, said beside it; nothing for one that is listed. */
export const OWN_POST_SHOWN_TEXT: Record<OwnPostShown, string | null> = {
  listed: null,
  reported: 'Hidden until an admin reviews the reports',
  removed: 'Removed by an admin',
  suspended: 'Out of lists while your account is suspended',
};

/**
 * Over a post in no list, opened by its owner or an admin (the post's dialog): why, and who else
 * sees it. 'Hidden until an admin reviews the reports. Only you and the admins can see it.' (0150)
 */
export function unlistedText(shown: Exclude<OwnPostShown, 'listed'>, own: boolean): string {
  const why = shown === 'suspended' && !own ? 'Out of lists while its owner is suspended' : OWN_POST_SHOWN_TEXT[shown];
  return `${why}. ${own ? 'Only you and the admins can see it.' : 'Only its owner and the admins can see it.'}`;
}

/** Why the post is in no list, if it is not: an admin's removal first, then reports, then the owner's suspension. */
export function shownOf(row: { hiddenReason: 'reports' | 'removed' | null; ownerSuspended: boolean }): OwnPostShown {
  if (row.hiddenReason === 'removed') return 'removed';
  if (row.hiddenReason === 'reports') return 'reported';
  return row.ownerSuspended ? 'suspended' : 'listed';
}

/** The list's place on the account page, and the link to it. */
export const OWN_POSTS_ANCHOR = 'your-posts';
export const OWN_POSTS_PATH = `/account#${OWN_POSTS_ANCHOR}`;
