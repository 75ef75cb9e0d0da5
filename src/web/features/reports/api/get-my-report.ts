import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyReport, ReportAnswer } from '../../../../domain/reports';
import { apiRequest } from '../../../lib/api';
import { useSession } from '../../../lib/session-provider';

/** Whose answer it is: a member's, or this browser's as a guest. */
const myReportKey = (viewer: string, postId: string) => ['/api/posts', postId, 'report', viewer] as const;

/**
 * GET /api/posts/:id/report, asked while the report dialog is open: whether this viewer reported
 * the post already, so the dialog says so instead of asking again (docs/decisions/0148).
 */
export function useMyReport(postId: string, open: boolean) {
  const viewer = useSession().actor.userId ?? 'guest';
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: myReportKey(viewer, postId),
    queryFn: () => apiRequest<MyReport>('GET', `/api/posts/${postId}/report`),
    enabled: open,
  });
  return {
    reported: query.data?.reported && query.data.at ? new Date(query.data.at) : null,
    /**
     * Once a report is sent: opened again, the dialog says so. A new one was filed now; one found
     * filed before is asked for its time.
     */
    sent: (answer: ReportAnswer) =>
      answer.alreadyReported
        ? queryClient.invalidateQueries({ queryKey: myReportKey(viewer, postId) })
        : queryClient.setQueryData<MyReport>(myReportKey(viewer, postId), { reported: true, at: new Date().toISOString() }),
  };
}
