import { touchOf } from '../first-touch';

/**
 * A page opened through a campaign link (utm_*, or the product's Instagram link): reported once to
 * POST /api/visits, which counts it once per visitor, campaign and day (docs/decisions/0087). The
 * same values as the first touch kept for registration, so the report lines them up.
 */
export function reportCampaignVisit(search: string): void {
  const { touch } = touchOf(search, new Date());
  if (!touch || (!touch.source && !touch.campaign)) return;
  const { source, medium, campaign } = touch;
  void fetch('/api/visits', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ source, medium, campaign }),
  }).catch(() => undefined);
}
