import type { Grant } from './access';
import type { VerifiedType } from './auth';
import type { Suspension } from './suspension';

/** The signed-in member's own profile, as the session holds it (never another member's). */
export interface MemberProfile {
  username: string;
  email: string;
  isVerified: boolean;
  verifiedType: VerifiedType | null;
  /** When the badge was given (its tooltip says so). */
  verifiedAt: Date | null;
  createdAt: Date;
  /** Their invite code (DECISIONS 26). */
  inviteCode: string;
}

/**
 * Who is asking (docs/decisions/0070): the one type every service, socket handler, webhook and
 * script acts for, and the one the policy (policy.ts) judges. The server builds it from the
 * session cookie and the network address; the web builds the part it knows from GET /api/session.
 */
export interface Actor {
  /** The signed-in member; null for a guest. */
  userId: string | null;
  /** The session behind the request, a member's or a guest's; null for a guest without one. Never sent to a browser. */
  sessionId: string | null;
  /** users.is_admin (DECISIONS 3; ADMIN_EMAILS sets it at start-up only, docs/decisions/0110). */
  isAdmin: boolean;
  /** Grants of the member or of the guest session that have not ended, plus any trial (its end shows). */
  grants: readonly Grant[];
  /** The per-address identity of the limits: an IPv4 address, an IPv6 /64; '' where there is none (a script). */
  address: string;
  member: MemberProfile | null;
  /** The member's suspension as the session last read it (the policy judges whether it still holds); null for none. */
  suspension: Suspension | null;
}

/** Someone with no session and no account: a first visit, a script, a webhook. */
export function guestActor(address = ''): Actor {
  return { userId: null, sessionId: null, isAdmin: false, grants: [], address, member: null, suspension: null };
}
