import type { GrantKind } from '../../../../domain/access';
import type { PublicUser } from '../../../../domain/auth';
import { LIMITS } from '../../../../domain/limits';
import { VIEWING } from '../../../../domain/policy';
import type { ToastOptions } from '../../../components/ui/use-toast';

/** Spec §2 Register: the toast of a plain registration. */
export const REGISTERED = `Your account has been created with a ${LIMITS.trialDays}-day free trial.`;

/** Access a guest may hold on their session, which moves to the account they create (DECISIONS 5, 25). */
const MOVED: Partial<Record<GrantKind, string>> = {
  lifetime: 'lifetime access',
  day: '24-hour pass',
  kindness: 'free access',
  owner: 'owner access',
  posting: 'posting access',
};

const listed = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * The toast after registering. A plain registration gets the spec's text. A guest who held access
 * (a pass bought before signing up, the kindness grant) is told it is on their account now; the
 * trial is still named when it gives them more, but not beside access that outlasts it (lifetime).
 */
export function registeredToast(user: Pick<PublicUser, 'grants'>): ToastOptions {
  const moved = user.grants.filter((g) => MOVED[g.kind] !== undefined);
  if (moved.length === 0) return { title: REGISTERED };
  const trialEnd = user.grants.find((g) => g.kind === 'trial')?.endsAt ?? null;
  const outlastsTrial = moved.some(
    (g) => VIEWING.has(g.kind) && (g.endsAt === null || (trialEnd !== null && Date.parse(g.endsAt) >= Date.parse(trialEnd))),
  );
  const names = [...new Set(moved.map((g) => MOVED[g.kind]!))];
  return {
    title: outlastsTrial ? 'Your account has been created.' : REGISTERED,
    description: `Your ${listed(names)} ${names.length === 1 ? 'is' : 'are'} now on your account.`,
  };
}
