import { useId } from 'react';
import { campaignLink, UTM_VALUE, utmValue } from '../../../../domain/marketing';
import { CopyLink } from '../../../components/ui/copy-link';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

export interface Utm {
  source: string;
  medium: string;
  campaign: string;
}

/** The link a campaign sends people to, or null until each part is a valid utm value. */
export function linkOf(origin: string, typed: Utm): string | null {
  const utm = {
    source: utmValue(typed.source),
    medium: utmValue(typed.medium),
    campaign: utmValue(typed.campaign),
  };
  return UTM_VALUE.test(utm.source) && UTM_VALUE.test(utm.medium) && UTM_VALUE.test(utm.campaign)
    ? campaignLink(origin, utm)
    : null;
}

/** What a field keeps as it is typed: lowercase, anything but letters, digits, '-' and '_' as '-'. */
const typedUtm = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .slice(0, 60);

/** The campaign link builder: utm_source, utm_medium and utm_campaign, written as the link (with copy). */
export function LinkBuilder({
  utm,
  onChange,
  link,
}: {
  utm: Utm;
  onChange: (utm: Utm) => void;
  link: string | null;
}) {
  const id = useId();
  const field = (key: keyof Utm, label: string, hint: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        value={utm[key]}
        onChange={(e) => onChange({ ...utm, [key]: typedUtm(e.target.value) })}
        aria-describedby={`${id}-${key}-hint`}
        placeholder={hint}
        maxLength={60}
        className="font-mono"
      />
      <p id={`${id}-${key}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-3">
        {field('source', 'Source (utm_source)', 'Where the link is posted, e.g. instagram')}
        {field('medium', 'Medium (utm_medium)', 'The kind of channel, e.g. social')}
        {field('campaign', 'Campaign (utm_campaign)', 'A short name, e.g. spring-firewood')}
      </div>
      {link ? (
        <CopyLink link={link} label="Campaign link" />
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          Name the campaign (letters, digits, - and _) to get its link.
        </p>
      )}
    </div>
  );
}
