import { isActive, type Grant, type GrantKind } from './access';
import type { Actor } from './actor';
import { LIMITS } from './limits';
import { isSuspended, suspendedMessage } from './suspension';

/**
 * The one policy (docs/decisions/0070): what an actor may do. Every server service asks it before
 * it acts and refuses with its answer; the web asks the same functions to decide what to show.
 * Pure: facts that need the database (a block, an earlier message) are looked up by the service
 * and passed in.
 */

/** An answer of the policy: allowed, or refused with what would help and the words for people. */
export type Decision = { ok: true } | { ok: false; need: 'sign-in' | 'permission'; message: string };

const ALLOWED: Decision = { ok: true };
const signIn = (message: string): Decision => ({ ok: false, need: 'sign-in', message });
const refused = (message: string): Decision => ({ ok: false, need: 'permission', message });

export const POLICY_MESSAGES = {
  signInToChange: 'Please sign in to change this post.',
  notManager: 'Only the owner or an admin can change this post.',
  signInToPost: 'Please sign in or get posting access to share a post.',
  signInForFavorites: 'Please sign in to save favorites.',
  notYourself: 'You can only act as yourself.',
  notYourFavorites: 'You can only see and change your own favorites.',
  signInToComment: 'Please sign in to comment.',
  notCommentAuthor: 'Only the author or an admin can delete this comment.',
  signInToRate: 'Please sign in to rate members.',
  rateYourself: 'You cannot rate yourself.',
  rateAfterMessage: 'You can rate a member once you have written to each other: a message from each of you.',
  signInToMessage: 'Please sign in to send messages.',
  messageYourself: 'You cannot message yourself.',
  blocked: 'You cannot contact this member.',
  signInToBlock: 'Please sign in to block members.',
  blockYourself: 'You cannot block yourself.',
  signInAsAdmin: 'Please sign in as an admin.',
  adminsOnly: 'Admins only: this needs an admin account.',
  signInToVerify: 'Please sign in to request verification.',
  signInToInvite: 'Please sign in to invite friends.',
  signInToRename: 'Please sign in to change your name or email.',
} as const;

/** The actor as the web knows it too (no session id, no address). */
export type ActorView = Pick<Actor, 'userId' | 'isAdmin' | 'grants' | 'suspension'>;

/**
 * A suspended member (issue 19) may not post, comment, message, rate, report or ask for a badge:
 * the refusal says until when and why. Null when the actor is not suspended at `now`.
 */
function whileSuspended(actor: Pick<Actor, 'suspension'>, now: Date): Decision | null {
  return isSuspended(actor.suspension, now) ? refused(suspendedMessage(actor.suspension)) : null;
}

/** Who owns a post: a member, or the guest session that posted it (the web never learns session ids). */
export interface PostOwnership {
  userId: string | null;
  ownerSessionId?: string | null;
  /**
   * On the web, what the server said of a guest's post (Post.viewerOwns): the web never holds a
   * session's id. Rows on the server have no such field; the server judges by the session.
   */
  viewerOwns?: boolean;
}

/** The grants that show every post (DECISIONS 7). */
export const VIEWING: ReadonlySet<GrantKind> = new Set(['trial', 'day', 'lifetime', 'kindness', 'owner']);
/** The grants that let a guest post (DECISIONS 8). */
export const POSTING: ReadonlySet<GrantKind> = new Set([...VIEWING, 'posting']);

const holds = (grants: readonly Grant[], kinds: ReadonlySet<GrantKind>, now: Date) =>
  grants.some((g) => kinds.has(g.kind) && isActive(g, now));

export const isAdmin = (actor: Pick<Actor, 'isAdmin'>): boolean => actor.isAdmin;
export const isMember = (actor: Pick<Actor, 'userId'>): boolean => actor.userId !== null;

/** Full viewing access (spec §4 Access, DECISIONS 6-7): an active trial or pass, or an admin. */
export function canView(actor: Pick<Actor, 'isAdmin' | 'grants'>, now: Date): boolean {
  return actor.isAdmin || holds(actor.grants, VIEWING, now);
}

/**
 * Until when the actor sees every post: the end of the viewing grants they hold now, one that
 * starts as another ends carrying it on (a pass bought during a pass, 0080). `undefined` without
 * such access; null when it does not end (lifetime, the owner's, an admin).
 */
export function viewingEndsAt(actor: Pick<Actor, 'isAdmin' | 'grants'>, now: Date): Date | null | undefined {
  if (actor.isAdmin) return null;
  const viewing = actor.grants.filter((g) => VIEWING.has(g.kind));
  if (!viewing.some((g) => isActive(g, now))) return undefined;
  let end = now;
  for (let grew = true; grew; ) {
    grew = false;
    for (const g of viewing) {
      if (g.startsAt > end || (g.endsAt !== null && g.endsAt <= end)) continue;
      if (g.endsAt === null) return null;
      end = g.endsAt;
      grew = true;
    }
  }
  return end;
}

/**
 * The viewing gate (DECISIONS 7): without full access a list answers only its first post (no
 * further pages), the map coarse clusters; the filtered total is reported either way.
 */
export function pageSizeFor(actor: Pick<Actor, 'isAdmin' | 'grants'>, asked: number, now: Date): { limit: number; gated: boolean } {
  return canView(actor, now) ? { limit: asked, gated: false } : { limit: LIMITS.freePreviewPosts, gated: true };
}

export type PostingMode = 'gated' | 'open';

/**
 * Posting (DECISIONS 8): `open` lets anyone post; `gated` (Reading B) lets a signed-in member post
 * without limit, their trial over or not, and a guest with a grant that allows posting (the
 * posting fee, kindness, the owner password, a pass).
 */
export function canPost(actor: ActorView, now: Date, mode: PostingMode): Decision {
  const suspended = whileSuspended(actor, now);
  if (suspended) return suspended;
  if (mode === 'open' || actor.isAdmin || actor.userId !== null || holds(actor.grants, POSTING, now)) return ALLOWED;
  return signIn(POLICY_MESSAGES.signInToPost);
}

/** The actor posted it: as a member, or as the guest session that posted it. */
export function isPostOwner(actor: Pick<Actor, 'userId'> & Partial<Pick<Actor, 'sessionId'>>, post: PostOwnership): boolean {
  if (post.userId !== null) return actor.userId !== null && actor.userId === post.userId;
  // The web's posts carry the server's word and no session; a row (with its session) never counts it.
  if (post.ownerSessionId === undefined && post.viewerOwns === true) return true;
  const session = actor.sessionId ?? null;
  return session !== null && post.ownerSessionId != null && post.ownerSessionId === session;
}

/**
 * Owners and admins may change a post (DECISIONS 2): its status, its content, its exact spot; a
 * guest session its own post. Others are asked to sign in (401) or refused (403).
 */
export function canManagePost(actor: Pick<Actor, 'userId' | 'isAdmin'> & Partial<Pick<Actor, 'sessionId'>>, post: PostOwnership): Decision {
  if (actor.isAdmin || isPostOwner(actor, post)) return ALLOWED;
  return actor.userId ? refused(POLICY_MESSAGES.notManager) : signIn(POLICY_MESSAGES.signInToChange);
}

/**
 * Changing what a post says or its status: as canManagePost, but a suspended owner may not
 * (docs/decisions/0124): their posts are out of lists, and would come back with what they wrote
 * meanwhile, unseen by the admin who suspended them. Deleting stays open to them.
 */
export function canEditPost(actor: Parameters<typeof canManagePost>[0] & Pick<Actor, 'suspension'>, post: PostOwnership, now: Date): Decision {
  const managed = canManagePost(actor, post);
  return managed.ok ? (whileSuspended(actor, now) ?? ALLOWED) : managed;
}

/** The exact spot of a post is for those who may change it; everyone else sees the public point. */
export const canSeeExactSpot = (actor: Parameters<typeof canManagePost>[0], post: PostOwnership): boolean =>
  canManagePost(actor, post).ok;

/** Calling, messaging and reporting a post's owner are offered to everyone but the owner. */
export const canContactOwner = (actor: Pick<Actor, 'userId'>, post: PostOwnership): boolean => !isPostOwner(actor, post);

/**
 * DECISIONS 1: a payload field naming the acting user (`userId`, `raterUserId`, `fromUserId`) may
 * only name the session's own member; an absent or empty one means "me".
 */
export function actsAsSelf(
  actor: Pick<Actor, 'userId'>,
  claimedUserId: string | null | undefined,
  message: string = POLICY_MESSAGES.notYourself,
): Decision {
  if (claimedUserId === undefined || claimedUserId === null || claimedUserId === '') return ALLOWED;
  // Ids are uuids, which PostgreSQL prints in lower case; a claim in upper case names the same member.
  return claimedUserId.toLowerCase() === actor.userId ? ALLOWED : refused(message);
}

/** Favourites belong to members (spec §7). */
export const canKeepFavorites = (actor: Pick<Actor, 'userId'>): Decision =>
  actor.userId ? ALLOWED : signIn(POLICY_MESSAGES.signInForFavorites);

/** Members comment; anyone who can see the post reads its comments (DECISIONS 19). */
export function canComment(actor: Pick<Actor, 'userId' | 'suspension'>, now = new Date()): Decision {
  if (!actor.userId) return signIn(POLICY_MESSAGES.signInToComment);
  return whileSuspended(actor, now) ?? ALLOWED;
}

/** A comment is deleted by its author or an admin. */
export function canDeleteComment(actor: Pick<Actor, 'userId' | 'isAdmin'>, comment: { authorId: string }): Decision {
  if (actor.isAdmin || (actor.userId !== null && actor.userId === comment.authorId)) return ALLOWED;
  return actor.userId ? refused(POLICY_MESSAGES.notCommentAuthor) : signIn(POLICY_MESSAGES.signInToComment);
}

/** What the service knows about two members before one contacts or rates the other. */
export interface Relation {
  /** Either has blocked the other (DECISIONS 21). */
  blocked: boolean;
  /** They have exchanged a message (DECISIONS 20). */
  exchangedMessage: boolean;
}

/** A member messages another member, never themself, never across a block (DECISIONS 14, 21). */
export function canMessage(actor: Pick<Actor, 'userId' | 'suspension'>, recipientId: string, relation: Pick<Relation, 'blocked'>, now = new Date()): Decision {
  if (!actor.userId) return signIn(POLICY_MESSAGES.signInToMessage);
  if (actor.userId === recipientId) return refused(POLICY_MESSAGES.messageYourself);
  if (relation.blocked) return refused(POLICY_MESSAGES.blocked);
  return whileSuspended(actor, now) ?? ALLOWED;
}

/** One rating per rater and member, never oneself, only after a message, never across a block (DECISIONS 20, 21). */
export function canRate(actor: Pick<Actor, 'userId' | 'suspension'>, ratedId: string, relation: Relation, now = new Date()): Decision {
  if (!actor.userId) return signIn(POLICY_MESSAGES.signInToRate);
  if (actor.userId === ratedId) return refused(POLICY_MESSAGES.rateYourself);
  if (relation.blocked) return refused(POLICY_MESSAGES.blocked);
  const suspended = whileSuspended(actor, now);
  if (suspended) return suspended;
  return relation.exchangedMessage ? ALLOWED : refused(POLICY_MESSAGES.rateAfterMessage);
}

/** A member blocks another, never themself (DECISIONS 21). */
export function canBlock(actor: Pick<Actor, 'userId'>, targetId: string): Decision {
  if (!actor.userId) return signIn(POLICY_MESSAGES.signInToBlock);
  return actor.userId === targetId ? refused(POLICY_MESSAGES.blockYourself) : ALLOWED;
}

/** Anyone may report a post, a guest anonymously (DECISIONS 23); a suspended member may not. */
export const canReport = (actor: Pick<Actor, 'suspension'>, now = new Date()): Decision => whileSuspended(actor, now) ?? ALLOWED;

/** A member asks for a verified badge for themself (DECISIONS 16). */
export function canRequestVerification(actor: Pick<Actor, 'userId' | 'suspension'>, now = new Date()): Decision {
  if (!actor.userId) return signIn(POLICY_MESSAGES.signInToVerify);
  return whileSuspended(actor, now) ?? ALLOWED;
}

/** A member invites a friend by mail (docs/decisions/0080); a suspended one may not, as they may not message. */
export function canInvite(actor: Pick<Actor, 'userId' | 'suspension'>, now = new Date()): Decision {
  if (!actor.userId) return signIn(POLICY_MESSAGES.signInToInvite);
  return whileSuspended(actor, now) ?? ALLOWED;
}

/**
 * A member changes the name neighbours see (docs/decisions/0136); a suspended one may not: the
 * name the admin suspended stays on what they wrote, and they could not take another to slip past it.
 */
export function canRename(actor: Pick<Actor, 'userId' | 'suspension'>, now = new Date()): Decision {
  if (!actor.userId) return signIn(POLICY_MESSAGES.signInToRename);
  return whileSuspended(actor, now) ?? ALLOWED;
}

/** Moderation (reports, verification, suspensions, the audit log, /marketing) is for admins (DECISIONS 3). */
export function canModerate(actor: Pick<Actor, 'userId' | 'isAdmin'>): Decision {
  if (actor.isAdmin) return ALLOWED;
  return actor.userId ? refused(POLICY_MESSAGES.adminsOnly) : signIn(POLICY_MESSAGES.signInAsAdmin);
}
