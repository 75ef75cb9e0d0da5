import { Badge } from '../../components/ui/badge';
import { FULL_ACCESS_BADGE } from '../../lib/session';

/**
 * The subscription badge of spec §4: 'Premium' in green, 'Trial - N days left' in the warm accent;
 * a guest's pass the same way: 'Full access' in green, 'Pass until …' in the accent (0142).
 */
export function StatusBadge({ text, className }: { text: string; className?: string }) {
  return (
    <Badge variant={text === 'Premium' || text === FULL_ACCESS_BADGE ? 'default' : 'accent'} className={className}>
      {text}
    </Badge>
  );
}
