import { createContext, use, useDeferredValue, useEffect, useReducer, useRef, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from './api';
import { expectMove, startAfresh } from './fresh-start';
import { hearOtherTabs } from './other-tabs';
import {
  nextBadgeChange,
  nextGrantChange,
  sessionChanged,
  sessionOf,
  sessionOptions,
  sessionRecheck,
  suspensionChanged,
  suspensionKeyOf,
  sessionShown,
  signedOut,
  type Session,
} from './session';

/** setTimeout's longest wait (about 24.8 days); a later grant change is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const SessionContext = createContext<Session | null>(null);

/** What every screen reads until the session's first answer has been handed on. */
const LOADING = sessionOf(undefined, true);

/**
 * Asks GET /api/session once and hands the answer to every screen. When a grant starts or ends
 * while the page is open (a day pass runs out), every reader renders again and asks the policy
 * with the new time, and the queries the server answers by the session are refreshed: the free
 * preview comes back without a reload. A trial's badge counts down its days the same way.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data, isPending, dataUpdatedAt, errorUpdatedAt } = useQuery({ ...sessionOptions(), refetchInterval: (query) => sessionRecheck(query.state.data) });
  // Renders again at each grant change. This renders only then and when the answer changes, and each
  // render hands the readers a new session object, so they render again too.
  const [, grantChanged] = useReducer((n: number) => n + 1, 0);
  const session = sessionOf(data, isPending);
  const { grants } = session.actor;

  useEffect(() => {
    const now = new Date();
    const grantChange = nextGrantChange(grants, now);
    const badgeChange = nextBadgeChange(grants, now);
    const next = [grantChange, badgeChange].reduce<Date | null>((a, b) => (b && (!a || b < a) ? b : a), null);
    if (!next) return;
    const timer = setTimeout(
      () => {
        // A grant started or ended: the server answers differently now. A new day of the trial only
        // changes the badge's count: the readers render again, nothing is asked.
        if (grantChange && Date.now() >= grantChange.getTime()) void sessionChanged(queryClient);
        grantChanged();
      },
      Math.min(next.getTime() - Date.now(), MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [grants, queryClient]);

  // The same member, suspended or no longer (seen by the once-a-minute check): the rest is asked again.
  const userId = data?.user?.id ?? null;
  const suspensionKey = suspensionKeyOf(data);
  const standing = useRef({ userId, suspensionKey });
  useEffect(() => {
    const was = standing.current;
    standing.current = { userId, suspensionKey };
    if (was.userId !== null && was.userId === userId && was.suspensionKey !== suspensionKey) suspensionChanged(queryClient);
  }, [userId, suspensionKey, queryClient]);

  // Signed in or registered in another tab of this browser: asked again (0147).
  useEffect(() => hearOtherTabs(() => void sessionChanged(queryClient)), [queryClient]);

  // A new answer is on screen: the queries that waited for it are refreshed (sessionShown). This
  // effect runs after the screens' own, so a member's queries of a session that ended are off by then.
  useEffect(() => sessionShown(queryClient), [dataUpdatedAt, errorUpdatedAt, queryClient]);

  // Every screen reads the session: its first answer draws them all again, so that is done in the
  // background (a transition, in slices between which the browser answers input), not in one long
  // task (issue 20). Being a transition, it also waits for a prerendered screen whose code is still
  // loading (/subscribe) to be taken over, where an urgent update would make React drop its HTML
  // for the fallback (docs/decisions/0088). Any later answer (a sign-in, a pass bought) is handed
  // on at once.
  const answered = useDeferredValue(!isPending);
  return <SessionContext value={answered ? session : LOADING}>{children}</SessionContext>;
}

/** The session: the member or null, whether it is still loading, the actor for the policy, posting access, links. */
export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession must be used inside a SessionProvider');
  return session;
}

/** What a member is told once signed out, on the sign-in page the tab loads (docs/decisions/0134). */
const SIGNED_OUT_TOAST = { title: 'Signed out', description: 'You have signed out on this device.' };

/**
 * Sign Out (spec §2 header): logs out and goes to /login, as a new document once the server has
 * ended the session, so nothing the member was shown stays in the tab (docs/decisions/0113). When
 * the call fails the session is still alive in the browser's cookie: the tab shows a guest all
 * the same (spec §4) and goes to /login within the app; the failure is only logged (spec §8).
 * Here rather than in the auth feature: the header needs it on every screen, and the sign-in forms
 * stay out of the first screen's code (docs/decisions/0040).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest<void>('POST', '/api/auth/logout'),
    onMutate: () => expectMove(true),
    // Said on the new /login, where the focus starts on the page: a toast is read out (0134).
    onSuccess: () => startAfresh('/login', { toast: SIGNED_OUT_TOAST }),
    onError: (error) => {
      expectMove(false);
      console.error('Logout failed', error);
      signedOut(queryClient);
      void navigate('/login');
    },
  });
}
