import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Grant } from '../../domain/access';
import type { PublicUser, SessionView } from '../../domain/auth';
import { canManagePost, canPost } from '../../domain/policy';
import {
  badgeOf,
  guestBadgeOf,
  JOIN_TEXTS,
  joinTextFor,
  joinTextOf,
  passEndText,
  memberInTab,
  grantsOf,
  nextBadgeChange,
  nextGrantChange,
  previewOnly,
  sessionChanged,
  sessionKeys,
  sessionOf,
  sessionRecheck,
  suspensionKeyOf,
  SUSPENDED_RECHECK_MS,
  sessionShown,
  signedIn,
  signedOut,
  trialEnded,
} from './session';

const NOW = new Date('2026-11-25T12:00:00Z');
const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000).toISOString();

const member: PublicUser = {
  id: 'u1',
  username: 'Maple',
  email: 'maple@example.com',
  subscriptionStatus: 'trial',
  trialEndsAt: hours(24 * 3),
  subscriptionEndsAt: null,
  isVerified: 'false',
  verifiedType: null,
  isAdmin: false,
  hasKindnessAccess: false,
  createdAt: hours(-24 * 4),
  grants: [{ kind: 'trial', endsAt: hours(24 * 3) }],
  inviteCode: 'FFMAPLE1',
  verifiedAt: null,
  suspension: null,
};

const guestView: SessionView = {
  user: null,
  isAdmin: false,
  grants: [],
  postingAccess: 'gated',
  links: { instagram: null },
  features: { ownerAccess: false, inviteByEmail: false, resetByEmail: false, mailsMessages: false },
};
const memberView: SessionView = {
  user: member,
  isAdmin: false,
  grants: [{ kind: 'trial', startsAt: hours(-24 * 4), endsAt: hours(24 * 3) }],
  postingAccess: 'open',
  links: { instagram: 'https://www.instagram.com/freefruit/' },
  features: { ownerAccess: true, inviteByEmail: true, resetByEmail: true, mailsMessages: true },
};
const dayPass = (endsIn: number): SessionView => ({
  ...guestView,
  grants: [{ kind: 'day', startsAt: hours(endsIn - 24), endsAt: hours(endsIn) }],
});

describe('the session for screens', () => {
  it("is a guest's while the session is loading, and nothing shows as locked yet", () => {
    const loading = sessionOf(undefined, true);
    expect(loading).toEqual({
      user: null,
      isLoading: true,
      actor: { userId: null, isAdmin: false, grants: [], suspension: null },
      postingAccess: 'gated',
      links: { instagram: null },
      features: { ownerAccess: false, inviteByEmail: false, resetByEmail: false, mailsMessages: false },
    });
    expect(previewOnly(loading, NOW)).toBe(false);
    // The server could not answer: a guest, no longer loading.
    expect(previewOnly(sessionOf(undefined, false), NOW)).toBe(true);
  });

  it("gives the policy the member's id, admin flag and grants with their dates as Dates", () => {
    const session = sessionOf(memberView, false);
    expect(session.user).toBe(member);
    expect(session.actor).toEqual({
      userId: 'u1',
      isAdmin: false,
      grants: [{ kind: 'trial', startsAt: new Date(hours(-24 * 4)), endsAt: new Date(hours(24 * 3)) }],
      suspension: null,
    });
    expect(session.postingAccess).toBe('open');
    expect(session.links.instagram).toBe('https://www.instagram.com/freefruit/');
    expect(canManagePost(session.actor, { userId: 'u1' }).ok).toBe(true);
    expect(canManagePost(session.actor, { userId: 'u2' }).ok).toBe(false);
    expect(canPost(sessionOf(guestView, false).actor, NOW, 'gated')).toMatchObject({
      ok: false,
      need: 'sign-in',
    });
  });

  it("gives the policy a suspended member's suspension with its end as a Date (issue 19)", () => {
    const until = hours(24 * 7);
    const suspended = sessionOf({ ...memberView, user: { ...member, suspension: { until, reason: 'Spam' } } }, false);
    expect(suspended.actor.suspension).toEqual({ until: new Date(until), reason: 'Spam' });
    expect(canPost(suspended.actor, NOW, 'open')).toMatchObject({ ok: false, need: 'permission', message: expect.stringMatching(/^Your account is suspended until .*: Spam$/) });
  });

  it("asks a suspended member's session again every 15 s, to see a lift without a reload; nobody else's (docs/decisions/0131, 0146)", () => {
    expect(sessionRecheck({ ...memberView, user: { ...member, suspension: { until: null, reason: 'Spam' } } })).toBe(SUSPENDED_RECHECK_MS);
    expect(SUSPENDED_RECHECK_MS).toBe(15_000);
    expect(sessionRecheck(memberView)).toBe(false);
    expect(sessionRecheck(guestView)).toBe(false);
    expect(sessionRecheck(undefined)).toBe(false);
  });

  it('tells two answers apart by the suspension they state, so a lift refreshes the rest', () => {
    const suspended = { ...memberView, user: { ...member, suspension: { until: null, reason: 'Spam' } } };
    expect(suspensionKeyOf(suspended)).not.toBe(suspensionKeyOf(memberView));
    expect(suspensionKeyOf(memberView)).toBe('');
    expect(suspensionKeyOf({ ...memberView, user: { ...member, suspension: { until: null, reason: 'Deposits' } } })).not.toBe(suspensionKeyOf(suspended));
  });

  it('keeps a grant without an end open-ended', () => {
    const lifetime = grantsOf({ grants: [{ kind: 'lifetime', startsAt: hours(-1), endsAt: null }] });
    expect(lifetime).toEqual([{ kind: 'lifetime', startsAt: new Date(hours(-1)), endsAt: null }]);
  });

  it('falls back to the preview once a pass has ended, judged at the time asked', () => {
    const session = sessionOf(dayPass(2), false);
    expect(previewOnly(session, NOW)).toBe(false);
    expect(previewOnly(session, new Date(hours(2)))).toBe(true);
    expect(previewOnly(sessionOf({ ...guestView, isAdmin: true }, false), NOW)).toBe(false);
  });
});

describe('badgeOf (spec §4)', () => {
  it('counts the trial days left, says Premium for a pass, and shows nothing once all has ended', () => {
    const trial = sessionOf(memberView, false).actor;
    expect(badgeOf(trial, NOW)).toBe('Trial - 3 days left');
    expect(badgeOf(trial, new Date(hours(24 * 3 - 1)))).toBe('Trial - 1 day left');
    expect(badgeOf(trial, new Date(hours(24 * 3)))).toBeNull();
    const pass = sessionOf(dayPass(2), false).actor;
    expect(badgeOf(pass, NOW)).toBe('Premium');
    expect(badgeOf(pass, new Date(hours(2)))).toBeNull();
  });
});

describe('guestBadgeOf (docs/decisions/0142)', () => {
  it("says until when a guest's pass lasts, a pass that follows carrying it on, and nothing once it has ended", () => {
    expect(guestBadgeOf(sessionOf(guestView, false).actor, NOW)).toBeNull();
    const pass = sessionOf(dayPass(2), false).actor;
    expect(guestBadgeOf(pass, NOW)).toBe(`Pass until ${passEndText(new Date(hours(2)))}`);
    expect(guestBadgeOf(pass, new Date(hours(2)))).toBeNull();
    const followed = sessionOf({ ...guestView, grants: [...dayPass(2).grants, { kind: 'day', startsAt: hours(2), endsAt: hours(26) }] }, false).actor;
    expect(guestBadgeOf(followed, NOW)).toBe(`Pass until ${passEndText(new Date(hours(26)))}`);
  });

  it('says Full access for a grant that does not end', () => {
    const lifetime = sessionOf({ ...guestView, grants: [{ kind: 'lifetime', startsAt: hours(-1), endsAt: null }] }, false).actor;
    expect(guestBadgeOf(lifetime, NOW)).toBe('Full access');
  });

  it('writes the end as a weekday and a time', () => {
    expect(passEndText(new Date(hours(2)))).toMatch(/^\w{3},? \d{1,2}:\d{2}\s?(?:AM|PM)?$/);
  });
});

describe('joinTextOf (docs/decisions/0148)', () => {
  it('asks a guest to start a free trial, also while a pass runs out, and one whose access never ends to create an account', () => {
    expect(joinTextOf(sessionOf(guestView, false).actor, NOW)).toEqual({ label: 'Start Free Trial', short: 'Trial' });
    expect(joinTextOf(sessionOf(dayPass(2), false).actor, NOW)).toBe(JOIN_TEXTS.trial);
    const lifetime = sessionOf({ ...guestView, grants: [{ kind: 'lifetime', startsAt: hours(-1), endsAt: null }] }, false).actor;
    expect(joinTextOf(lifetime, NOW)).toEqual({ label: 'Create Account', short: 'Join' });
  });

  it('reads the same from the end of the access alone, as the welcome banner has it', () => {
    expect(joinTextFor(undefined)).toBe(JOIN_TEXTS.trial);
    expect(joinTextFor(new Date(hours(2)))).toBe(JOIN_TEXTS.trial);
    expect(joinTextFor(null)).toBe(JOIN_TEXTS.account);
  });
});

describe('nextGrantChange', () => {
  const grant = (startsAt: string, endsAt: string | null): Grant => ({
    kind: 'day',
    startsAt: new Date(startsAt),
    endsAt: endsAt === null ? null : new Date(endsAt),
  });

  it('is the nearest start or end still to come', () => {
    expect(nextGrantChange([grant(hours(-1), hours(5)), grant(hours(-2), hours(3))], NOW)).toEqual(
      new Date(hours(3)),
    );
    expect(nextGrantChange([grant(hours(-1), hours(5)), grant(hours(1), hours(30))], NOW)).toEqual(
      new Date(hours(1)),
    );
  });

  it('is null when nothing will change: no grants, open-ended ones, or all in the past', () => {
    expect(nextGrantChange([], NOW)).toBeNull();
    expect(nextGrantChange([grant(hours(-1), null)], NOW)).toBeNull();
    expect(nextGrantChange([grant(hours(-3), hours(-1))], NOW)).toBeNull();
    // An end at this very moment has already happened.
    expect(nextGrantChange([grant(hours(-3), NOW.toISOString())], NOW)).toBeNull();
  });
});

describe('the badge follows time (spec §4)', () => {
  const trial = (endsIn: number): Grant => ({ kind: 'trial', startsAt: new Date(hours(endsIn - 24 * 7)), endsAt: new Date(hours(endsIn)) });
  const pass = (startsIn: number, endsIn: number | null): Grant => ({
    kind: endsIn === null ? 'lifetime' : 'day',
    startsAt: new Date(hours(startsIn)),
    endsAt: endsIn === null ? null : new Date(hours(endsIn)),
  });
  const actor = (...grants: Grant[]) => ({ userId: 'u1', isAdmin: false, grants, suspension: null });

  it("counts the trial's days down at each whole day before its end", () => {
    // 2 days and 5 hours left: '3 days left' until 2 days are left, 5 hours from now.
    const grants = [trial(24 * 2 + 5)];
    expect(badgeOf(actor(...grants), NOW)).toBe('Trial - 3 days left');
    const next = nextBadgeChange(grants, NOW)!;
    expect(next).toEqual(new Date(hours(5)));
    expect(badgeOf(actor(...grants), new Date(next.getTime() - 1))).toBe('Trial - 3 days left');
    expect(badgeOf(actor(...grants), next)).toBe('Trial - 2 days left');
    expect(nextBadgeChange(grants, next)).toEqual(new Date(hours(24 + 5)));
    // Within the last day the next change is the end itself, a grant change.
    expect(nextBadgeChange(grants, new Date(hours(24 + 5)))).toBeNull();
    expect(nextGrantChange(grants, new Date(hours(24 + 5)))).toEqual(new Date(hours(24 * 2 + 5)));
  });

  it('says Premium from the moment a purchase is in the session, and the trial again when a day pass ends', () => {
    const trialOnly = [trial(24 * 4)];
    expect(badgeOf(actor(...trialOnly), NOW)).toBe('Trial - 4 days left');
    expect(badgeOf(actor(...trialOnly, pass(0, null)), NOW)).toBe('Premium');
    // A day pass bought during the trial starts when the trial ends (docs/decisions/0080).
    const later = [trial(2), pass(2, 26)];
    expect(badgeOf(actor(...later), NOW)).toBe('Trial - 1 day left');
    expect(nextGrantChange(later, NOW)).toEqual(new Date(hours(2)));
    expect(badgeOf(actor(...later), new Date(hours(2)))).toBe('Premium');
    expect(badgeOf(actor(...later), new Date(hours(26)))).toBeNull();
  });

  it('has no countdown without a running trial', () => {
    expect(nextBadgeChange([], NOW)).toBeNull();
    expect(nextBadgeChange([pass(-1, 23)], NOW)).toBeNull();
    expect(nextBadgeChange([trial(-1)], NOW)).toBeNull();
  });
});

describe('a change of session in the query cache', () => {
  const listKey = ['/api/posts', 'list', 'type=fruit'];

  function cacheWith(view: SessionView) {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    client.setQueryData(sessionKeys.all, view);
    client.setQueryData(listKey, { pages: [] });
    return client;
  }
  const invalidated = (client: QueryClient, key: readonly unknown[]) =>
    client.getQueryState(key)?.isInvalidated;

  it('signs in: the member at once, then the session asked again; the other queries once the member is shown', async () => {
    const client = cacheWith(guestView);
    await signedIn(client, { ...member, isAdmin: true });
    expect(client.getQueryData<SessionView>(sessionKeys.all)).toMatchObject({
      user: { id: 'u1' },
      isAdmin: true,
      grants: [],
    });
    expect(invalidated(client, sessionKeys.all)).toBe(true);
    expect(invalidated(client, listKey)).toBe(false);
    sessionShown(client);
    expect(invalidated(client, listKey)).toBe(true);
  });

  it('signs out to a guest without grants, and does not ask the session again (spec §4); the rest once the guest is shown', () => {
    const client = cacheWith(memberView);
    signedOut(client);
    expect(client.getQueryData(sessionKeys.all)).toEqual({
      ...memberView,
      user: null,
      isAdmin: false,
      grants: [],
    });
    expect(invalidated(client, sessionKeys.all)).toBe(false);
    // Refreshed now, a member's queries would still be on and answer 401.
    expect(invalidated(client, listKey)).toBe(false);
    sessionShown(client);
    expect(invalidated(client, listKey)).toBe(true);
  });

  it("remembers the member a failed sign-out cleared, whose answers the tab still holds (0113)", () => {
    const client = cacheWith(memberView);
    expect(memberInTab(client)).toBe('u1');
    signedOut(client);
    expect(memberInTab(client)).toBe('u1');
    expect(memberInTab(cacheWith(guestView))).toBeNull();
  });

  it('asks the session first when it may have ended, and the other queries only once its answer is shown', async () => {
    const client = cacheWith(memberView);
    const observer = new QueryObserver(client, { queryKey: sessionKeys.all, queryFn: () => Promise.resolve(guestView) });
    const unsubscribe = observer.subscribe(() => undefined);
    const inbox = new QueryObserver(client, { queryKey: ['/api/messages'], queryFn: () => Promise.resolve([]), enabled: true });
    const unsubscribeInbox = inbox.subscribe(() => undefined);
    await sessionChanged(client);
    expect(client.getQueryData<SessionView>(sessionKeys.all)?.user).toBeNull();
    expect(invalidated(client, listKey)).toBe(false);
    expect(client.getQueryState(['/api/messages'])?.dataUpdateCount).toBe(1);
    // The screens render the guest: the member's inbox is off before the others are refreshed.
    inbox.setOptions({ queryKey: ['/api/messages'], queryFn: () => Promise.reject(new Error('401')), enabled: false });
    sessionShown(client);
    expect(invalidated(client, listKey)).toBe(true);
    await Promise.resolve();
    expect(client.getQueryState(['/api/messages'])).toMatchObject({ fetchStatus: 'idle', status: 'success', dataUpdateCount: 1 });
    // Nothing waits any more: another answer shown refreshes nothing.
    client.setQueryData(listKey, { pages: [] });
    sessionShown(client);
    expect(invalidated(client, listKey)).toBe(false);
    unsubscribeInbox();
    unsubscribe();
  });

  describe('when the server answers the session again (docs/decisions/0113)', () => {
    afterEach(() => vi.unstubAllGlobals());

    /** The real session query against a server answering `answer`, in a tab whose moves are recorded. */
    async function askAgain(shown: SessionView, answer: SessionView | 'down') {
      const moves: string[] = [];
      vi.stubGlobal('window', { location: { reload: () => moves.push('reload'), assign: (to: string) => moves.push(to) } });
      vi.stubGlobal('fetch', () =>
        Promise.resolve(
          answer === 'down'
            ? new Response(JSON.stringify({ message: 'The service is briefly unavailable.' }), { status: 503 })
            : new Response(JSON.stringify(answer), { status: 200 }),
        ),
      );
      // A new document each time: its first move would win over any later one.
      vi.resetModules();
      const fresh = await import('./session');
      const client = cacheWith(shown);
      const observer = new QueryObserver(client, fresh.sessionOptions());
      const unsubscribe = observer.subscribe(() => undefined);
      await fresh.sessionChanged(client).catch(() => undefined);
      unsubscribe();
      return moves;
    }

    it("loads the page again as a new document when the member shown is gone (the session ended elsewhere) or another one is", async () => {
      expect(await askAgain(memberView, guestView)).toEqual(['reload']);
      expect(await askAgain(memberView, { ...memberView, user: { ...member, id: 'u2' } })).toEqual(['reload']);
    });

    it('keeps the page when the same member is still signed in, a guest stays one or signs in, or the server is away', async () => {
      expect(await askAgain(memberView, { ...memberView, grants: [] })).toEqual([]);
      expect(await askAgain(guestView, guestView)).toEqual([]);
      expect(await askAgain(guestView, memberView)).toEqual([]);
      expect(await askAgain(memberView, 'down')).toEqual([]);
    });
  });

  it("resolves once the shown session has the server's new answer", async () => {
    const client = cacheWith(guestView);
    const observer = new QueryObserver(client, {
      queryKey: sessionKeys.all,
      queryFn: () => Promise.resolve(memberView),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await sessionChanged(client);
    expect(client.getQueryData(sessionKeys.all)).toEqual(memberView);
    unsubscribe();
  });
});

describe('trialEnded (0150)', () => {
  const ended = { ...memberView, grants: [{ kind: 'trial' as const, startsAt: hours(-24 * 8), endsAt: hours(-1) }] };
  it('is a member whose trial has run out, holding no other access', () => {
    expect(trialEnded(sessionOf(ended, false).actor, NOW)).toBe(true);
    expect(trialEnded(sessionOf(memberView, false).actor, NOW)).toBe(false);
    const withPass = { ...ended, grants: [...ended.grants, { kind: 'day' as const, startsAt: hours(-1), endsAt: hours(23) }] };
    expect(trialEnded(sessionOf(withPass, false).actor, NOW)).toBe(false);
    expect(trialEnded(sessionOf({ ...ended, user: null }, false).actor, NOW)).toBe(false);
  });
});
