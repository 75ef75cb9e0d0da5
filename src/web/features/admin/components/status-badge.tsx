import { statusLabel, statusTone, type StatusTone } from '../../../../domain/moderation-values';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';

const TONE_CLASSES: Record<StatusTone, string> = {
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  good: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  bad: 'border-red-300 bg-red-50 text-red-900',
  neutral: 'border-slate-300 bg-slate-50 text-slate-700',
};

/** A report's or request's status (spec §2 Admin, §4): an unknown status looks pending. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return <Badge className={cn(TONE_CLASSES[statusTone(status)], className)}>{statusLabel(status)}</Badge>;
}

/** A warning on a case or a post: 'possible brigade', 'Removed', 'Owner suspended'. */
export function FlagBadge({ children, tone = 'pending' }: { children: string; tone?: StatusTone }) {
  return <Badge className={TONE_CLASSES[tone]}>{children}</Badge>;
}
