import { Megaphone } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { REMEMBERED_KEYS, useRemembered } from '../remembered';
import { DismissButton } from './dismiss-button';

export const MARKETING_TEXT =
  'Got a fruit tree, a woodpile or spare skids? Share them free with your neighbours.';

/**
 * Spec §2 Home: the dismissible marketing banner, inviting to share; dismissed once on this device,
 * it stays away. One line from sm up; on a phone 'Share yours' goes under the text, as in the
 * welcome banner, where beside it the text was squeezed into a column of five short lines.
 */
export function MarketingBanner({ onShare }: { onShare: () => void }) {
  const [dismissed, setDismissed] = useRemembered(REMEMBERED_KEYS.marketing, () => false);
  if (dismissed) return null;
  return (
    <aside
      data-dismissable="marketing"
      aria-label="Share what you have"
      className="flex items-start gap-3 rounded-2xl border bg-accent-soft px-4 py-3 sm:items-center sm:py-2"
    >
      <Megaphone className="mt-0.5 size-5 shrink-0 text-accent sm:mt-0" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col items-start gap-2 sm:flex-row sm:items-center sm:gap-3">
        <p className="min-w-0 text-sm sm:flex-1">{MARKETING_TEXT}</p>
        <Button size="sm" variant="outline" onClick={onShare}>
          Share yours
        </Button>
      </div>
      <DismissButton label="Dismiss this banner" onClick={() => setDismissed(true)} />
    </aside>
  );
}
