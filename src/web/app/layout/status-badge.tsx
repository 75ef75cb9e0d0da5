import { Badge } from '../../components/ui/badge';

/** The subscription badge of spec §4: 'Premium' in green, 'Trial - N days left' in the warm accent. */
export function StatusBadge({ text, className }: { text: string; className?: string }) {
  return (
    <Badge variant={text === 'Premium' ? 'default' : 'accent'} className={className}>
      {text}
    </Badge>
  );
}
