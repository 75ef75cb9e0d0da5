import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TEXTS, type CaseAction, type ReportDecision, type VerificationDecision } from '../../../../domain/moderation-values';
import type { SuspensionEnd } from '../../../../domain/suspension';
import { toast, type ToastOptions } from '../../../components/ui/use-toast';
import { apiRequest, refusalMessage } from '../../../lib/api';
import { refreshCards } from '../../posts';
import { adminKeys } from './admin-keys';

/** After a decision: every admin list and count, and the posts (a removed post leaves them, a badge shows). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    refreshCards(queryClient);
    return queryClient.invalidateQueries({ queryKey: adminKeys.all });
  };
}

/** What a decision's toast says (spec §8): the spec's title; on failure the server's words when it refused (403, 409). */
export function decisionToast(subject: 'report' | 'verification', error?: unknown): ToastOptions {
  if (error === undefined) return { title: subject === 'report' ? ADMIN_TEXTS.reportUpdated : ADMIN_TEXTS.verificationUpdated };
  return failure(subject === 'report' ? ADMIN_TEXTS.reportFailed : ADMIN_TEXTS.verificationFailed, error);
}

const failure = (title: string, error: unknown): ToastOptions => ({ variant: 'destructive', title, description: refusalMessage(error) ?? 'Please try again.' });
const failed = (title: string) => (error: unknown) => toast(failure(title, error));

export interface ReportDecisionRequest {
  reportId: string;
  status: ReportDecision;
  action?: CaseAction;
  reviewNotes: string;
}

/** PATCH /api/admin/reports/:id (spec §7, §8 toasts): one decision for the whole case. */
export function useDecideReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ reportId, ...body }: ReportDecisionRequest) => apiRequest('PATCH', `/api/admin/reports/${encodeURIComponent(reportId)}`, body),
    onSuccess: () => {
      toast(decisionToast('report'));
      return refresh();
    },
    onError: (error) => toast(decisionToast('report', error)),
  });
}

/** PATCH /api/admin/verification-requests/:id (spec §7, §8 toasts). */
export function useDecideVerification() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; status: VerificationDecision; reviewNotes: string }) =>
      apiRequest('PATCH', `/api/admin/verification-requests/${encodeURIComponent(id)}`, body),
    onSuccess: () => {
      toast(decisionToast('verification'));
      return refresh();
    },
    onError: (error) => toast(decisionToast('verification', error)),
  });
}

/** DELETE /api/admin/users/:id/verification: the badge taken back. */
export function useRevokeBadge() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ userId, reviewNotes }: { userId: string; reviewNotes: string }) =>
      apiRequest('DELETE', `/api/admin/users/${encodeURIComponent(userId)}/verification`, { reviewNotes }),
    onSuccess: () => {
      toast({ title: 'Badge revoked', description: 'The member was told, with your notes.' });
      return refresh();
    },
    onError: failed('Failed to revoke the badge'),
  });
}

/** POST (with a reason and an end) or DELETE /api/admin/users/:id/suspend. */
export function useSuspension() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ userId, suspend }: { userId: string; suspend: { reason: string; end: SuspensionEnd } | null }) =>
      apiRequest(suspend ? 'POST' : 'DELETE', `/api/admin/users/${encodeURIComponent(userId)}/suspend`, suspend ?? undefined),
    onSuccess: (_data, { suspend }) => {
      toast({ title: suspend ? 'Member suspended' : 'Suspension lifted' });
      return refresh();
    },
    onError: failed('Failed to update the suspension'),
  });
}
