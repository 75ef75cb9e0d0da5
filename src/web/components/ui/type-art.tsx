import type { PostTypeValue } from '../../../domain/post-values';
import { cn } from '../../lib/utils';

/** What the drawing of each type is called for screen readers. */
export const TYPE_ART_LABELS: Record<PostTypeValue, string> = {
  fruit: 'Fruit drawing (no photo)',
  firewood: 'Firewood drawing (no photo)',
  skids: 'Wooden skid drawing (no photo)',
};

/**
 * The picture of a post without a photo, drawn in SVG so it looks the same everywhere: an emoji
 * is an empty box on systems without an emoji font (docs/decisions/0087).
 */
export function TypeArt({
  type,
  className,
  decorative = false,
}: {
  type: PostTypeValue;
  className?: string;
  decorative?: boolean;
}) {
  return (
    <svg
      viewBox="0 0 64 64"
      className={cn('size-16', className)}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': TYPE_ART_LABELS[type] })}
    >
      {type === 'fruit' ? <Apple /> : type === 'firewood' ? <Logs /> : <Pallet />}
    </svg>
  );
}

function Apple() {
  return (
    <>
      <path
        d="M32 20c-4-4-14-5-18 3-5 9 0 27 9 31 4 2 6 0 9 0s5 2 9 0c9-4 14-22 9-31-4-8-14-7-18-3z"
        fill="#d93a2b"
      />
      <path d="M22 26c-3 3-4 9-2 14" stroke="#f7a59c" strokeWidth="3" strokeLinecap="round" fill="none" />
      <path d="M32 20c0-5 1-9 4-12" stroke="#6b4226" strokeWidth="3" strokeLinecap="round" fill="none" />
      <path d="M35 14c4-5 11-5 14-2-4 4-10 5-14 2z" fill="#2f8f4e" />
    </>
  );
}

function Logs() {
  const log = (x: number, y: number) => (
    <g key={`${x}-${y}`}>
      <rect x={x} y={y} width="30" height="14" rx="7" fill="#a0612f" />
      <circle cx={x + 23} cy={y + 7} r="7" fill="#e8b778" stroke="#7a4520" strokeWidth="2" />
      <circle cx={x + 23} cy={y + 7} r="3" fill="none" stroke="#b9803f" strokeWidth="1.5" />
    </g>
  );
  return (
    <>
      <path
        d="M30 6c6 6 9 10 4 17 6-2 8-7 7-12 5 6 5 13-1 17H24c-5-5-3-12 2-16-1 5 1 8 4 9-3-5-3-10 0-15z"
        fill="#f08a24"
      />
      {log(6, 34)}
      {log(28, 34)}
      {log(17, 21)}
      <rect x="4" y="50" width="56" height="4" rx="2" fill="#7a4520" />
    </>
  );
}

function Pallet() {
  return (
    <>
      {[14, 24, 34].map((y) => (
        <rect
          key={y}
          x="6"
          y={y}
          width="52"
          height="6"
          rx="1"
          fill="#c8935a"
          stroke="#8a5a2b"
          strokeWidth="1.5"
        />
      ))}
      {[8, 29, 50].map((x) => (
        <rect key={x} x={x} y="40" width="6" height="10" fill="#8a5a2b" />
      ))}
      <rect x="6" y="48" width="52" height="6" rx="1" fill="#c8935a" stroke="#8a5a2b" strokeWidth="1.5" />
    </>
  );
}
