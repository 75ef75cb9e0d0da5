import { avatarIndex, initialsOf } from '../../../../domain/post-values';
import { cn } from '../../../lib/utils';

/** The 10 gradients of spec §2, picked by the name's first character; all keep white text readable. */
const GRADIENTS = [
  'from-emerald-600 to-teal-700',
  'from-sky-600 to-blue-700',
  'from-violet-600 to-purple-700',
  'from-rose-600 to-pink-700',
  'from-orange-600 to-red-700',
  'from-amber-600 to-orange-700',
  'from-lime-700 to-green-800',
  'from-cyan-600 to-sky-700',
  'from-fuchsia-600 to-purple-700',
  'from-slate-600 to-gray-700',
] as const;

interface OwnerAvatarProps {
  name: string;
  initials?: string | null;
  className?: string;
}

export function OwnerAvatar({ name, initials, className }: OwnerAvatarProps) {
  const text = (initials?.trim() || initialsOf(name) || '?').slice(0, 3);
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-9 shrink-0 place-items-center rounded-full bg-gradient-to-br text-xs font-bold text-white uppercase',
        GRADIENTS[avatarIndex(name)],
        className,
      )}
    >
      {text}
    </span>
  );
}
