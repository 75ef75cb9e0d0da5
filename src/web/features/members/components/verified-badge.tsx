import type { ComponentProps } from 'react';
import { BadgeCheck } from 'lucide-react';
import type { VerifiedType } from '../../../../domain/auth';
import { VERIFIED_BADGES } from '../../../../domain/community-values';
import { cn } from '../../../lib/utils';

/** The verified badge of spec §6: its label with a check. */
export function VerifiedBadge({ type, className, ...props }: { type: VerifiedType } & ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-sky-800 ring-1 ring-sky-200',
        className,
      )}
      {...props}
    >
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      {VERIFIED_BADGES[type].label}
    </span>
  );
}
