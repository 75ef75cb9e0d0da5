/**
 * Suspensions (issue 19): an admin stops a member from posting, commenting, messaging, rating and
 * reporting for 7 days, 30 days or until lifted. Zod-free: the policy (and with it the web's first
 * screen) reads these.
 */

/** A member's suspension: until when (null: until an admin lifts it), and why. */
export interface Suspension {
  until: Date | null;
  reason: string;
}

/** A suspension as the database records it (when it was set, until when, why): null when none is set. */
export const recordedSuspension = (at: Date | null, until: Date | null, reason: string | null): Suspension | null =>
  at === null ? null : { until, reason: reason ?? '' };

/** How long a suspension lasts, as the admin chooses it. */
export const SUSPENSION_ENDS = ['7d', '30d', 'none'] as const;
export type SuspensionEnd = (typeof SUSPENSION_ENDS)[number];

export const SUSPENSION_END_LABELS: Record<SuspensionEnd, string> = {
  '7d': '7 days',
  '30d': '30 days',
  none: 'Until lifted',
};

const DAYS: Record<SuspensionEnd, number | null> = { '7d': 7, '30d': 30, none: null };

/** When a suspension chosen now ends (null: until lifted). */
export function suspensionUntil(end: SuspensionEnd, now: Date): Date | null {
  const days = DAYS[end];
  return days === null ? null : new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
}

/** Whether the suspension holds at `now` (one whose end has passed no longer does). */
export const isSuspended = (suspension: Suspension | null | undefined, now: Date): suspension is Suspension =>
  suspension != null && (suspension.until === null || suspension.until > now);

/**
 * 'Jun 3, 2026, 10:00 AM EDT', or 'further notice' for a suspension without an end: in the time
 * zone of the device that says it (the browser's own, as a pass's end is shown), with the zone's
 * name, so that a text written elsewhere (the server's refusal, in its zone, UTC on ours) is never
 * read as local (docs/decisions/0145); in the device's language, as every other time on its screens
 * ('10:00 a.m.' in Canada, 0150). `timeZone` and `locale` name others. Formatted at the call, which
 * is rare: a formatter made when the module loads started ICU inside the web's first bundle's
 * evaluation, its longest task (about 30 ms more of it on Lighthouse's slowed phone).
 */
export const suspendedUntilText = (until: Date | null, { timeZone, locale }: { timeZone?: string; locale?: string } = {}): string =>
  until === null
    ? 'further notice'
    : until.toLocaleString(locale, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone });

/** The first line of a suspended member's notice, and why their Upload button is off: 'Your account is suspended until ….' */
export const suspendedUntilSentence = (until: Date | null): string => `Your account is suspended until ${suspendedUntilText(until)}.`;

/** The refusal a suspended member gets (issue 19): 'Your account is suspended until …: {reason}'. */
export const suspendedMessage = (suspension: Suspension): string =>
  `Your account is suspended until ${suspendedUntilText(suspension.until)}: ${suspension.reason}`;
