import { useState, type ReactNode } from 'react';
import {
  AUDIENCE_KEYS,
  AUDIENCES,
  CHANNELS,
  type Audience,
  type Channel,
} from '../../../../domain/marketing';
import { Page } from '../../../components/layout/page';
import { useCampaignReport, useMarketingOverview } from '../api/get-marketing';
import { ChoiceGroup } from './choice-group';
import { LinkBuilder, linkOf, type Utm } from './link-builder';
import { Integrations, ReportTable, StatCards } from './marketing-parts';
import { TemplatePreview } from './template-preview';

const CHANNEL_KEYS = Object.keys(CHANNELS) as Channel[];
const utmFor = (channel: Channel, campaign: string): Utm => ({
  source: channel,
  medium: CHANNELS[channel].medium,
  campaign,
});

/**
 * The Marketing Command Center (spec §2, DECISIONS 28): real figures, audience and channel, the
 * template preview, the campaign link builder, integrations and the campaign report. Sending is
 * not built, so no button pretends to send (docs/decisions/0087).
 */
export function MarketingPage() {
  const overview = useMarketingOverview();
  const report = useCampaignReport();
  const [audience, setAudience] = useState<Audience>('cottage');
  const [channel, setChannel] = useState<Channel>('email');
  const [utm, setUtm] = useState<Utm>(() => utmFor('email', ''));
  const link = linkOf(window.location.origin, utm);
  return (
    <Page
      eyebrow="Admins only"
      title="Marketing Command Center"
      description="Reach cottage owners, makers and arborists with links you can measure."
    >
      <div className="grid gap-8">
        <StatCards stats={overview.data?.stats} />
        <Section title="Build a campaign">
          <div className="grid min-w-0 gap-4 rounded-2xl border bg-card p-4 shadow-sm">
            <ChoiceGroup
              legend="Audience"
              choices={AUDIENCE_KEYS.map((a) => ({ value: a, label: AUDIENCES[a].label }))}
              value={audience}
              onChange={setAudience}
            />
            <ChoiceGroup
              legend="Channel"
              choices={CHANNEL_KEYS.map((c) => ({
                value: c,
                label: CHANNELS[c].label,
                soon: CHANNELS[c].soon,
              }))}
              value={channel}
              onChange={(next) => {
                setChannel(next);
                setUtm((was) => utmFor(next, was.campaign));
              }}
            />
            <LinkBuilder utm={utm} onChange={setUtm} link={link} />
            <div className="grid gap-2">
              <h3 className="text-sm font-semibold">Template preview</h3>
              <TemplatePreview audience={audience} channel={channel} link={link} />
              <p className="text-xs text-muted-foreground">
                Sending from here is not built yet: copy the text and the link into your email, SMS or
                Instagram tool.
              </p>
            </div>
          </div>
        </Section>
        <Section title="Campaign report">
          <p className="-mt-1 mb-3 text-sm text-muted-foreground">
            Visits through each link (once per person a day), and the members who first arrived through it:
            registrations and those who shared a first post.
          </p>
          <ReportTable rows={report.data?.rows} />
        </Section>
        <Section title="Integrations">
          <Integrations integrations={overview.data?.integrations} />
        </Section>
      </div>
    </Page>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid min-w-0 gap-2">
      <h2 className="text-xl font-bold">{title}</h2>
      {children}
    </section>
  );
}
