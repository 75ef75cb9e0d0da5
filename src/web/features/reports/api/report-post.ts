import { useMutation } from '@tanstack/react-query';
import { REPORT_MESSAGES, type ReportAnswer, type ReportReason } from '../../../../domain/reports';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, refusalMessage } from '../../../lib/api';

export interface ReportRequest {
  postId: string;
  reason: ReportReason;
  description: string;
}

/**
 * POST /api/posts/report (spec §7; anyone, a guest anonymously: DECISIONS 23). A second report of
 * the post by the same reporter changes nothing (issue 19) and is thanked as such. Past the limit
 * (429) the server says how long to wait; a suspended member (403) is told why.
 */
export function useReportPost() {
  return useMutation({
    mutationFn: (report: ReportRequest) => apiRequest<ReportAnswer>('POST', '/api/posts/report', report),
    onSuccess: (answer) =>
      toast(
        answer.alreadyReported
          ? { title: 'Already reported', description: REPORT_MESSAGES.already }
          : { title: REPORT_MESSAGES.submitted, description: 'Thank you. An admin will review this post.' },
      ),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error', description: refusalMessage(error) ?? REPORT_MESSAGES.failed }),
  });
}
