import { useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { LoaderCircle } from 'lucide-react';
import type { Post } from '../../../../domain/posts';
import {
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  reportedText,
  type ReportReason,
} from '../../../../domain/reports';
import { Button } from '../../../components/ui/button';
import { CountedTextarea } from '../../../components/ui/counted-textarea';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { useSession } from '../../../lib/session-provider';
import { whenText } from '../../../lib/when-text';
import { useMyReport } from '../api/get-my-report';
import { useReportPost } from '../api/report-post';

/** How long a report's description may be (the server's limit). */
const DESCRIPTION_MAX = 1000;

/**
 * Spec §2 dialog 8, 'Report This Post': a reason (scam first and chosen), an optional description.
 * Anyone may report, a guest anonymously (DECISIONS 23); the dialog closes once it is sent.
 * Opened again by the same reporter, it says when they reported it instead (0148).
 */
export function ReportDialog({ post, trigger }: { post: Pick<Post, 'id' | 'title'>; trigger: ReactElement }) {
  const [open, setOpen] = useState(true);
  const [reason, setReason] = useState<ReportReason | ''>('scam');
  const [description, setDescription] = useState('');
  const report = useReportPost();
  const mine = useMyReport(post.id, open);
  const reportedId = useId();
  const signedIn = useSession().actor.userId !== null;
  // Without a reason the toast says why (spec), and the select says it too, with the focus on it.
  const [missing, setMissing] = useState(false);
  const reasonField = useRef<HTMLSelectElement>(null);

  const onOpenChange = (next: boolean) => {
    if (next) {
      setReason('scam');
      setDescription('');
      setMissing(false);
    }
    setOpen(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (report.isPending) return;
    if (!reason) {
      toast({
        variant: 'destructive',
        title: REPORT_MESSAGES.reasonRequiredTitle,
        description: REPORT_MESSAGES.reasonRequiredText,
      });
      setMissing(true);
      reasonField.current?.focus();
      return;
    }
    // Reported, or reported already: nothing is left to do here.
    report.mutate(
      { postId: post.id, reason, description: description.trim() },
      {
        onSuccess: (answer) => {
          void mine.sent(answer);
          setOpen(false);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{REPORT_MESSAGES.title}</DialogTitle>
          <DialogDescription>
            {mine.reported ? (
              <span id={reportedId}>{reportedText(post.title, whenText(mine.reported))}</span>
            ) : (
              <>
                Tell us what is wrong with “{post.title}”. An admin will review it
                {signedIn ? '.' : '; as you are not signed in, your report is anonymous.'}
              </>
            )}
          </DialogDescription>
        </DialogHeader>
        {mine.reported ? (
          <DialogFooter>
            <DialogClose asChild>
              {/* The form it replaces may have held the focus: it comes here, with the reason read out. */}
              <Button autoFocus aria-describedby={reportedId}>
                Close
              </Button>
            </DialogClose>
          </DialogFooter>
        ) : (
          <form onSubmit={onSubmit} className="grid gap-4" noValidate>
            <Field label="Reason" error={missing && !reason ? REPORT_MESSAGES.reasonRequiredText : undefined}>
              {(control) => (
                <Select
                  {...control}
                  ref={reasonField}
                  value={reason}
                  onChange={(e) => setReason(e.target.value as ReportReason | '')}
                >
                  <option value="">Select a reason</option>
                  {REPORT_REASONS.map((value) => (
                    <option key={value} value={value}>
                      {REPORT_REASON_LABELS[value]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <CountedTextarea
              label="Details (optional)"
              value={description}
              onValueChange={setDescription}
              max={DESCRIPTION_MAX}
              placeholder="What did you notice?"
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" aria-busy={report.isPending}>
                {report.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                Submit Report
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
