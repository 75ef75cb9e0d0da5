import { queryOptions, type QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { badgeText, deriveSubscription, type Grant } from '../../domain/access';
import { DAY_MS } from '../../domain/limits';
import type { PublicUser, SessionView } from '../../domain/auth';
import { canView, isMember, viewingEndsAt, type ActorView, type PostingMode } from '../../domain/policy';
import type { Suspension } from '../../domain/suspension';
import { apiRequest } from './api';
import { startAfresh } from './fresh-start';

/**
 * The session as the web knows it, from GET /api/session (200 for a guest too, so a first visit
 * logs no error). Screens decide what to show by asking the domain policy about `actor`
 * (docs/decisions/0074); the server decides what it sends.
 */
export const sessionKeys = { all: ['/api/session'] as const };

/**
 * Said on the new document when the member this tab showed was signed out from elsewhere (a
 * password change, a sign-out, a deletion in another tab or browser) or by time (docs/decisions/0146):
 * before, they found the sign-in page without a word of why.
 */
export const SESSION_ENDED_TOAST = {
  title: 'Signed out',
  description: 'This browser was signed out, from another tab or browser, or after a long while away. Sign in to go on.',
};

async function getSession({ client }: QueryFunctionContext): Promise<SessionView> {
  const shown = memberOf(client);
  try {
    const view = await apiRequest<SessionView>('GET', '/api/session');
    // The member this tab showed is gone (their session ended elsewhere, by time, by a deletion):
    // the page is loaded again as a new document, keeping nothing they were shown (0113), and
    // says why when no one else is signed in here now.
    if (shown !== null && view.user?.id !== shown) startAfresh(null, view.user ? {} : { toast: SESSION_ENDED_TOAST });
    return view;
  } catch (error) {
    // Spec §8: only logged; the screens go on as for a guest.
    console.error('Could not check the session', error);
    throw error;
  }
}

export const sessionOptions = () => queryOptions({ queryKey: sessionKeys.all, queryFn: getSession });

/**
 * How often a suspended member's tab asks the session again (docs/decisions/0131): every 15 s, so
 * a lift shows soon after the admin's click (a minute felt like nothing had happened, 0146). A
 * suspended member's open tabs are few, and each asks one small read.
 */
export const SUSPENDED_RECHECK_MS = 15_000;

/**
 * A suspended member has no live socket to hear that an admin lifted the suspension: their tab
 * asks the session again every SUSPENDED_RECHECK_MS meanwhile, so the lift shows without a reload. Nobody else's
 * tab asks again on a timer.
 */
export const sessionRecheck = (view: SessionView | undefined): number | false => (view?.user?.suspension ? SUSPENDED_RECHECK_MS : false);

export interface Session {
  /** The signed-in member; null for a guest and until the session has answered. */
  user: PublicUser | null;
  /** True until the session has answered (spec §4: auth starts loading). */
  isLoading: boolean;
  /** Who is asking, for the policy (domain/policy.ts): a guest's view until the session has answered. */
  actor: ActorView;
  /** How posting is gated (DECISIONS 8). */
  postingAccess: PostingMode;
  /** The product's own links from the server's settings. */
  links: SessionView['links'];
  /** What the server is set up for (the owner password, mailed invitations, mailed password links). */
  features: SessionView['features'];
}

const GUEST: SessionView = {
  user: null,
  isAdmin: false,
  grants: [],
  postingAccess: 'gated',
  links: { instagram: null },
  features: { ownerAccess: false, inviteByEmail: false, resetByEmail: false, mailsMessages: false },
};

/** The grants with their dates as Dates, as the policy judges them. */
export const grantsOf = (view: Pick<SessionView, 'grants'>): Grant[] =>
  view.grants.map(({ kind, startsAt, endsAt }) => ({
    kind,
    startsAt: new Date(startsAt),
    endsAt: endsAt === null ? null : new Date(endsAt),
  }));

/** The member's suspension with its end as a Date, as the policy judges it (issue 19). */
const suspensionOf = (user: PublicUser | null): Suspension | null =>
  user?.suspension ? { reason: user.suspension.reason, until: user.suspension.until === null ? null : new Date(user.suspension.until) } : null;

/** The session for screens from the server's answer (a guest's while there is none). */
export function sessionOf(view: SessionView | undefined, isLoading: boolean): Session {
  const { user, isAdmin, postingAccess, links, features } = view ?? GUEST;
  return {
    user,
    isLoading,
    actor: { userId: user?.id ?? null, isAdmin, grants: grantsOf(view ?? GUEST), suspension: suspensionOf(user) },
    postingAccess,
    links,
    features,
  };
}

/**
 * The viewer sees the free preview only (DECISIONS 7), as far as the screens know: not while the
 * session is still loading. Asked with the time of the render, so a pass that has ended shows.
 */
export const previewOnly = (session: Session, now: Date): boolean =>
  !session.isLoading && !canView(session.actor, now);

/**
 * A member whose trial has run out, holding no other access now: told so where the preview stops,
 * not shown it as if they were new (0150).
 */
export const trialEnded = (actor: ActorView, now: Date): boolean =>
  isMember(actor) && !canView(actor, now) && actor.grants.some((g) => g.kind === 'trial' && g.endsAt !== null && g.endsAt <= now);

/** The header's badge (spec §4): 'Trial - N days left', 'Premium' or none, from the grants as they are at `now`. */
export function badgeOf(actor: ActorView, now: Date): string | null {
  const { subscriptionStatus, trialEndsAt } = deriveSubscription(actor.grants, now);
  return badgeText({ subscriptionStatus, trialEndsAt: trialEndsAt?.toISOString() ?? null }, now);
}

/** When a pass ends, as the viewer's clock says it: 'Tue 3:40 PM'. */
export const passEndText = (end: Date) =>
  end.toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });

/** A guest's badge for a grant that does not end. */
export const FULL_ACCESS_BADGE = 'Full access';

/**
 * A guest's header badge (docs/decisions/0142): what their pass (a day pass, the kindness grant)
 * gives until when, 'Pass until Tue 3:40 PM', or 'Full access' when it does not end; none without one.
 */
export function guestBadgeOf(actor: ActorView, now: Date): string | null {
  const end = viewingEndsAt(actor, now);
  if (end === undefined) return null;
  return end === null ? FULL_ACCESS_BADGE : `Pass until ${passEndText(end)}`;
}

/** What joining is called (spec §2: Start Free Trial, 'Trial' on phones), and for a guest whose access never ends. */
export const JOIN_TEXTS = {
  trial: { label: 'Start Free Trial', short: 'Trial' },
  account: { label: 'Create Account', short: 'Join' },
} as const;

/** The viewer's access to every post never ends (lifetime, an admin): a trial or days of reward add nothing (docs/decisions/0148). */
export const accessNeverEnds = (actor: ActorView, now: Date): boolean => viewingEndsAt(actor, now) === null;

/**
 * How a guest is asked to join, by the end of their access to every post (viewingEndsAt): a free
 * trial, or an account when it never ends (a lifetime pass bought as a guest).
 */
export const joinTextFor = (accessEnd: Date | null | undefined) => (accessEnd === null ? JOIN_TEXTS.account : JOIN_TEXTS.trial);

/** How this guest is asked to join now (joinTextFor). */
export const joinTextOf = (actor: ActorView, now: Date) => joinTextFor(viewingEndsAt(actor, now));

/** The next moment a grant starts or ends after `now`, when what the policy allows may change; null if none. */
export function nextGrantChange(grants: readonly Grant[], now: Date): Date | null {
  let next: Date | null = null;
  for (const { startsAt, endsAt } of grants) {
    for (const moment of [startsAt, endsAt]) {
      if (moment && moment > now && (next === null || moment < next)) next = moment;
    }
  }
  return next;
}

/**
 * The next moment the trial's 'N days left' goes down by one after `now` (spec §4: days rounded
 * up), so a page left open shows the right count; null without a trial still running. The end
 * itself is a grant change (nextGrantChange).
 */
export function nextBadgeChange(grants: readonly Grant[], now: Date): Date | null {
  let next: Date | null = null;
  for (const { kind, endsAt } of grants) {
    if (kind !== 'trial' || !endsAt || endsAt <= now) continue;
    const daysLeft = Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS);
    if (daysLeft <= 1) continue;
    const moment = new Date(endsAt.getTime() - (daysLeft - 1) * DAY_MS);
    if (next === null || moment < next) next = moment;
  }
  return next;
}

/** The id of the member the cached session names, or null. */
const memberOf = (queryClient: QueryClient): string | null =>
  queryClient.getQueryData<SessionView>(sessionKeys.all)?.user?.id ?? null;

/** The member a failed sign-out cleared from the screens, whose answers the cache still holds. */
const clearedMembers = new WeakMap<QueryClient, string>();

/**
 * The member whose answers this tab's cache may hold: the one shown, else the one a failed
 * sign-out cleared (0113). Another member signing in over them starts the tab afresh.
 */
export const memberInTab = (queryClient: QueryClient): string | null =>
  memberOf(queryClient) ?? clearedMembers.get(queryClient) ?? null;

/** Every query but the session's: the server answers them by the session. */
const refreshDependents = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });

/** Query clients whose other queries wait for the session's new answer to be on screen. */
const refreshWhenShown = new WeakSet<QueryClient>();

/**
 * The session on screen has just changed (SessionProvider calls this once it has rendered a new
 * answer): the queries that waited for it are refreshed now. By then every screen has rendered with
 * it, so the queries of a member who is gone (their inbox, bell, admin figures, dashboard) are
 * disabled or gone, and none is sent for a session that ended, where the server would answer 401.
 */
export function sessionShown(queryClient: QueryClient): void {
  if (refreshWhenShown.delete(queryClient)) refreshDependents(queryClient);
}

/** A member's suspension as one answer states it ('' for none), to tell two answers apart. */
export const suspensionKeyOf = (view: SessionView | undefined): string => {
  const suspension = view?.user?.suspension;
  return suspension ? `${suspension.until ?? ''}|${suspension.reason}` : '';
};

/**
 * The same member's suspension changed between two answers (the once-a-minute check found it
 * lifted, docs/decisions/0131): every other query, which the server answers by it (a profile's
 * 'may message'), is asked again.
 */
export const suspensionChanged = (queryClient: QueryClient): void => refreshDependents(queryClient);

/**
 * The session has changed (a sign-in, a grant that started or ended, a socket the server refused
 * because the session ended elsewhere): it is asked again, and every other query, which the server
 * answers by the session, is refreshed once that answer is on screen (sessionShown). Resolves once
 * the session has answered.
 */
export function sessionChanged(queryClient: QueryClient): Promise<void> {
  refreshWhenShown.add(queryClient);
  return queryClient.invalidateQueries({ queryKey: sessionKeys.all });
}

/**
 * Signed in or registered: the member shows at once, and the other queries are refreshed as soon as
 * they do (no wait for the session's round trip); the session is asked again for its grants (a
 * guest's move to the account, DECISIONS 5). Resolves once it has answered.
 */
export function signedIn(queryClient: QueryClient, user: PublicUser): Promise<void> {
  refreshWhenShown.add(queryClient);
  queryClient.setQueryData<SessionView>(
    sessionKeys.all,
    (view) => view && { ...view, user, isAdmin: user.isAdmin },
  );
  return queryClient.invalidateQueries({ queryKey: sessionKeys.all });
}

/**
 * Signed out although the call failed (spec §4: the user is cleared all the same): a guest without
 * grants, so the session is not asked again; everything else is refreshed once the guest is on
 * screen. (A sign-out the server confirmed loads /login as a new document instead: 0113.)
 */
export function signedOut(queryClient: QueryClient): void {
  const member = memberOf(queryClient);
  if (member !== null) clearedMembers.set(queryClient, member);
  queryClient.setQueryData<SessionView>(
    sessionKeys.all,
    (view) => view && { ...view, user: null, isAdmin: false, grants: [] },
  );
  refreshWhenShown.add(queryClient);
}
