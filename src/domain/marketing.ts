import { z } from 'zod';
import type { PostTypeValue } from './post-values';

/**
 * The Marketing Command Center (spec §2 Marketing, DECISIONS 28; docs/decisions/0087): an admin
 * tool with real figures, campaign links and a report by first-touch attribution.
 */

/** Who a campaign speaks to, and the type of post that speaks to them (docs/decisions/0087). */
export const AUDIENCES = {
  cottage: { label: 'Cottage owners', type: 'firewood', pitch: 'Free firewood for the cottage, split and stacked by a neighbour.' },
  makers: { label: 'DIYers / makers', type: 'skids', pitch: 'Free wooden skids for your next build: pallets from neighbours, no charge.' },
  arborists: { label: 'Arborists', type: 'fruit', pitch: 'Neighbours with fruit trees near you: share the harvest, and the care the trees need.' },
} as const satisfies Record<string, { label: string; type: PostTypeValue; pitch: string }>;
export type Audience = keyof typeof AUDIENCES;
export const AUDIENCE_KEYS = Object.keys(AUDIENCES) as Audience[];

/** The channels; `soon` ones are shown disabled and marked 'Soon' (spec §2). */
export const CHANNELS = {
  email: { label: 'Email', medium: 'email', soon: false },
  sms: { label: 'SMS', medium: 'sms', soon: false },
  instagram: { label: 'Instagram', medium: 'social', soon: false },
  'cold-call': { label: 'Cold call', medium: 'phone', soon: false },
  tiktok: { label: 'TikTok', medium: 'social', soon: true },
  youtube: { label: 'YouTube', medium: 'video', soon: true },
} as const;
export type Channel = keyof typeof CHANNELS;
export const READY_CHANNELS = (Object.keys(CHANNELS) as Channel[]).filter((c) => !CHANNELS[c].soon);

/** A utm value: lowercase letters, digits, '-' and '_', up to 60 characters. */
export const UTM_VALUE = /^[a-z0-9][a-z0-9_-]{0,59}$/;
/** Lowercased, spaces and other characters folded to '-', cut to 60: what the link builder writes. */
export const utmValue = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|-+$/g, '')
    .slice(0, 60);

/** A campaign link: the site's address with utm_source, utm_medium and utm_campaign. */
export function campaignLink(origin: string, utm: { source: string; medium: string; campaign: string }): string {
  const url = new URL('/', origin);
  url.searchParams.set('utm_source', utm.source);
  url.searchParams.set('utm_medium', utm.medium);
  url.searchParams.set('utm_campaign', utm.campaign);
  return url.toString();
}

const utmText = z.string().trim().max(100);

/** POST /api/visits: a landing with utm_* parameters (counted once per visitor, campaign and day). */
export const VisitInput = z
  .object({ source: utmText.optional(), medium: utmText.optional(), campaign: utmText.optional() })
  .refine((v) => Boolean(v.source || v.campaign), { message: 'A visit needs utm_source or utm_campaign.' });
export type VisitInput = z.infer<typeof VisitInput>;

/** GET /api/admin/marketing/overview: the stat cards and the integrations, from the database and the settings. */
export const MarketingOverview = z.object({
  stats: z.array(z.object({ label: z.string(), value: z.number().int(), counts: z.string() })),
  integrations: z.array(z.object({ name: z.string(), status: z.enum(['Ready', 'Setup Required', 'Manual']), detail: z.string() })),
});
export type MarketingOverview = z.infer<typeof MarketingOverview>;

export const PreviewQuery = z.object({ audience: z.enum(AUDIENCE_KEYS as [Audience, ...Audience[]]) });
/** GET /api/admin/marketing/preview: the newest posts of the audience's type that anyone may see. */
export const MarketingPreview = z.object({
  audience: z.string(),
  type: z.string(),
  posts: z.array(z.object({ id: z.string(), title: z.string(), area: z.string() })),
});
export type MarketingPreview = z.infer<typeof MarketingPreview>;
/** Posts the template shows. */
export const PREVIEW_POSTS = 3;

/** GET /api/admin/marketing/campaigns: visits, registrations and first posts by campaign (first touch). */
export const CampaignReport = z.object({
  rows: z.array(
    z.object({
      source: z.string(),
      medium: z.string(),
      campaign: z.string(),
      visits: z.number().int(),
      registrations: z.number().int(),
      firstPosts: z.number().int(),
    }),
  ),
});
export type CampaignReport = z.infer<typeof CampaignReport>;
/** Campaigns the report lists, the most visited first. */
export const REPORT_ROWS = 50;

/** The message of the template preview for an audience and channel, with the posts and the link. */
export function templateFor(
  audience: Audience,
  channel: Channel,
  posts: ReadonlyArray<{ title: string; area: string }>,
  link: string,
): { subject: string | null; body: string } {
  const a = AUDIENCES[audience];
  const list = posts.length ? posts.map((p) => `• ${p.title} (${p.area})`).join('\n') : '• New posts every week';
  const greeting = channel === 'cold-call' ? 'Hi, I am calling from Free Fruit, Firewood & Skids.' : 'Hi neighbour,';
  const close = channel === 'cold-call' ? `Can I text you the link? ${link}` : `See them and share your own: ${link}`;
  const body = channel === 'sms' ? `${a.pitch} ${link}` : `${greeting}\n\n${a.pitch}\n\nUp now near you:\n${list}\n\n${close}`;
  return { subject: channel === 'email' ? `${a.label}: ${a.pitch.split(':')[0]!.replace(/\.$/, '')}` : null, body };
}
