import { Megaphone } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { REMEMBERED_KEYS, useRemembered } from '../remembered';
import { DismissButton } from './dismiss-button';

export const MARKETING_TEXT =
  'Got a fruit tree, a woodpile or spare skids? Share them free with your neighbours.';

/** Spec §2 Home: the dismissible marketing banner, inviting to share; dismissed once on this device, it stays away. */
export function MarketingBanner({ onShare }: { onShare: () => void }) {
  const [dismissed, setDismissed] = useRemembered(REMEMBERED_KEYS.marketing, () => false);
  if (dismissed) return null;
  return (
    <aside
      data-dismissable="marketing"
      aria-label="Share what you have"
      className="flex items-center gap-3 rounded-2xl border bg-accent-soft px-4 py-2"
    >
      <Megaphone className="size-5 shrink-0 text-accent" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm">{MARKETING_TEXT}</p>
      <Button size="sm" variant="outline" onClick={onShare}>
        Share yours
      </Button>
      <DismissButton label="Dismiss this banner" onClick={() => setDismissed(true)} />
    </aside>
  );
}
