import type { Actor } from '../../../domain/actor';
import { isUuid } from '../../../domain/ids';
import type { VerificationDecision, VerificationStatus } from '../../../domain/moderation-values';
import { actsAsSelf, canModerate, canRequestVerification } from '../../../domain/policy';
import { VERIFICATION_TEXTS, type VerificationRequest, type VerificationRequestInput } from '../../../domain/verification';
import type { Db, Tx } from '../../db/client';
import { assertAllowed, conflict, notFound } from '../../errors';
import { createVerificationsRepository, type VerificationRow } from './repository';

export type { VerificationRow };

export const VERIFICATIONS_MESSAGES = {
  notFound: 'Verification request not found.',
  decided: 'This request was already decided.',
} as const;

/** The requests a member sees of their own: the newest. */
const OWN_SHOWN = 10;

export const toVerificationRequest = (r: VerificationRow): VerificationRequest => ({
  id: r.id,
  userId: r.userId,
  businessName: r.businessName,
  verifiedType: r.verifiedType,
  businessPhone: r.businessPhone,
  businessWebsite: r.businessWebsite,
  status: r.status,
  reviewNotes: r.reviewNotes,
  createdAt: r.createdAt.toISOString(),
  reviewedAt: r.reviewedAt?.toISOString() ?? null,
});

/**
 * Verification requests (spec §3, DECISIONS 16): a member asks for a badge, one pending request at
 * a time, and sees how it was decided; admins list and decide them (the admin module gives the
 * badge in the same transaction).
 */
export function createVerificationsService(deps: { db: Db }) {
  const repo = createVerificationsRepository(deps.db);

  return {
    /** POST /api/verification-requests: 409 while another is pending. */
    async request(actor: Actor, input: VerificationRequestInput): Promise<VerificationRequest> {
      assertAllowed(canRequestVerification(actor));
      assertAllowed(actsAsSelf(actor, input.userId));
      const { userId: _claimed, ...fields } = input;
      const row = await repo.insert({ ...fields, userId: actor.userId! });
      if (!row) throw conflict(VERIFICATION_TEXTS.pendingAlready);
      return toVerificationRequest(row);
    },

    /** GET /api/verification-requests: the member's own, newest first (state and the admin's notes). */
    async mine(actor: Actor): Promise<VerificationRequest[]> {
      assertAllowed(canRequestVerification(actor));
      return (await repo.ofMember(actor.userId!, OWN_SHOWN)).map(toVerificationRequest);
    },

    async list(actor: Actor, query: { status?: VerificationStatus; limit: number }): Promise<VerificationRow[]> {
      assertAllowed(canModerate(actor));
      return repo.list(query.status, query.limit);
    },

    async byId(actor: Actor, id: string): Promise<VerificationRow> {
      assertAllowed(canModerate(actor));
      const row = isUuid(id) ? await repo.findById(id) : undefined;
      if (!row) throw notFound(VERIFICATIONS_MESSAGES.notFound);
      return row;
    },

    /** In an admin's transaction: decides a pending request; 409 when it was decided already. */
    async decide(tx: Tx, id: string, decision: { status: VerificationDecision; reviewNotes: string | null; reviewedBy: string }): Promise<VerificationRow> {
      const row = await repo.decide(tx, id, decision);
      if (!row) throw conflict(VERIFICATIONS_MESSAGES.decided);
      return row;
    },

    async stats(actor: Actor) {
      assertAllowed(canModerate(actor));
      return repo.stats();
    },
  };
}

export type VerificationsService = ReturnType<typeof createVerificationsService>;
