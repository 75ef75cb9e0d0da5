import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TEXTS, type CaseAction, type ReportDecision, type VerificationDecision } from '../../../../domain/moderation-values';
import type { SuspensionEnd } from '../../../../domain/suspension';
import { toast, type ToastOptions } from '../../../components/ui/use-toast';
import { apiRequest, refusalMessage } from '../../../lib/api';
import { refreshCards } from '../../posts';
import { adminKeys } from './admin-keys';

/** What a decision's toast says (spec §8): the spec's title; on failure the server's words when it refused (403, 409). */
export function decisionToast(subject: 'report' | 'verification', error?: unknown): ToastOptions {
  if (error === undefined) return { title: subject === 'report' ? ADMIN_TEXTS.reportUpdated : ADMIN_TEXTS.verificationUpdated };
  return failure(subject === 'report' ? ADMIN_TEXTS.reportFailed : ADMIN_TEXTS.verificationFailed, error);
}

const failure = (title: string, error: unknown): ToastOptions => ({ variant: 'destructive', title, description: refusalMessage(error) ?? 'Please try again.' });

/**
 * An admin's action: its call, its toasts, then every admin list and count and the posts asked
 * again (a removed post leaves them, a badge shows).
 */
function useAdminAction<T>(call: (input: T) => Promise<unknown>, done: (input: T) => ToastOptions, failedTitle: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_data, input) => {
      toast(done(input));
      refreshCards(queryClient);
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => toast(failure(failedTitle, error)),
  });
}

const path = (template: string, id: string) => template.replace(':id', encodeURIComponent(id));

export interface ReportDecisionRequest {
  reportId: string;
  status: ReportDecision;
  action?: CaseAction;
  reviewNotes: string;
}

/** PATCH /api/admin/reports/:id (spec §7, §8 toasts): one decision for the whole case. */
export const useDecideReport = () =>
  useAdminAction(
    ({ reportId, ...body }: ReportDecisionRequest) => apiRequest('PATCH', path('/api/admin/reports/:id', reportId), body),
    () => decisionToast('report'),
    ADMIN_TEXTS.reportFailed,
  );

/** PATCH /api/admin/verification-requests/:id (spec §7, §8 toasts). */
export const useDecideVerification = () =>
  useAdminAction(
    ({ id, ...body }: { id: string; status: VerificationDecision; reviewNotes: string }) =>
      apiRequest('PATCH', path('/api/admin/verification-requests/:id', id), body),
    () => decisionToast('verification'),
    ADMIN_TEXTS.verificationFailed,
  );

/** DELETE /api/admin/users/:id/verification: the badge taken back. */
export const useRevokeBadge = () =>
  useAdminAction(
    ({ userId, reviewNotes }: { userId: string; reviewNotes: string }) =>
      apiRequest('DELETE', path('/api/admin/users/:id/verification', userId), { reviewNotes }),
    () => ({ title: 'Badge revoked', description: 'The member was told, with your notes.' }),
    'Failed to revoke the badge',
  );

/** POST (with a reason and an end) or DELETE /api/admin/users/:id/suspend. */
export const useSuspension = () =>
  useAdminAction(
    ({ userId, suspend, notes }: { userId: string; suspend: { reason: string; end: SuspensionEnd } | null; notes?: string }) =>
      suspend
        ? apiRequest('POST', path('/api/admin/users/:id/suspend', userId), suspend)
        : apiRequest('DELETE', path('/api/admin/users/:id/suspend', userId), { reviewNotes: notes || null }),
    ({ suspend }) => ({ title: suspend ? 'Member suspended' : 'Suspension lifted' }),
    'Failed to update the suspension',
  );
