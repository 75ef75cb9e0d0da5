import { useMutation } from '@tanstack/react-query';
import { REPORT_MESSAGES, type ReportReason } from '../../../../domain/reports';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, isApiError, refusalMessage } from '../../../lib/api';

export interface ReportRequest {
  postId: string;
  reason: ReportReason;
  description: string;
}

/**
 * POST /api/posts/report (spec §7; anyone, a guest anonymously: DECISIONS 23). An open report of
 * the post by the same reporter (409) is no failure: the server's thanks are shown, as after a
 * report. Past the limit (429) the server says how long to wait.
 */
export function useReportPost() {
  return useMutation({
    mutationFn: (report: ReportRequest) => apiRequest<unknown>('POST', '/api/posts/report', report),
    onSuccess: () =>
      toast({ title: REPORT_MESSAGES.submitted, description: 'Thank you. An admin will review this post.' }),
    onError: (error) =>
      isApiError(error, 409)
        ? toast({ title: 'Already reported', description: refusalMessage(error) ?? REPORT_MESSAGES.already })
        : toast({ variant: 'destructive', title: 'Error', description: refusalMessage(error) ?? REPORT_MESSAGES.failed }),
  });
}
