import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LOCAL_AREAS } from '../../../domain/pages';
import { isMember } from '../../../domain/policy';
import { InstagramIcon } from '../../features/posts';
import { useSession } from '../../lib/session-provider';

const QUICK_LINKS = [
  ['/', 'All posts'],
  ['/favorites', 'Favorites'],
  ['/subscribe', 'Plans and access'],
] as const;
/** The last quick link: signing in for a guest (and while the session loads, as prerendered), the account for a member. */
const SIGN_IN_LINK = ['/login', 'Sign in'] as const;
const ACCOUNT_LINK = ['/account', 'Your account'] as const;
/** To the notes at the footer's foot (the spec's routes have no legal pages: docs/decisions/0088). */
const LEGAL_ANCHORS = [
  ['privacy', 'Privacy'],
  ['terms', 'Terms of use'],
] as const;

const LINK = 'inline-flex min-h-8 items-center rounded-sm hover:text-foreground hover:underline';

/** Spec §2 footer: quick links, Toronto-area links (Mississauga 'Coming Soon'), legal anchors, social links. */
export function SiteFooter() {
  return (
    <footer className="border-t bg-card text-sm text-muted-foreground">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-10 sm:px-6 lg:grid-cols-[1.4fr_1fr_1fr_1fr_1fr]">
        <div className="col-span-2 grid content-start gap-2 lg:col-span-1">
          <p className="text-base font-semibold text-foreground">Free Fruit, Firewood &amp; Skids</p>
          <p>Free fruit, firewood and skids, shared between neighbours.</p>
        </div>
        <FooterColumn title="Quick links">
          <QuickLinks />
        </FooterColumn>
        <FooterColumn title="Toronto areas">
          {LOCAL_AREAS.map((area) => (
            <li key={area.slug}>
              <Link to={`/${area.slug}`} className={LINK}>
                {area.name}
              </Link>
            </li>
          ))}
          <li className="flex min-h-8 flex-wrap items-center gap-x-2">
            Mississauga
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium whitespace-nowrap text-foreground">
              Coming Soon
            </span>
          </li>
        </FooterColumn>
        <FooterColumn title="Legal">
          {LEGAL_ANCHORS.map(([id, name]) => (
            <li key={id}>
              <a href={`#${id}`} className={LINK}>
                {name}
              </a>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Follow us">
          <SocialLinks />
        </FooterColumn>
      </div>
      <div className="mx-auto grid max-w-6xl gap-3 border-t px-4 py-6 text-xs sm:px-6 md:grid-cols-2">
        <p id="privacy" className="scroll-mt-20">
          <span className="font-semibold text-foreground">Privacy.</span> We keep what you post and your
          account, never sell them, strip location data from photos, and show your street only to signed-in
          members unless you show the exact spot. You can{' '}
          <Link to="/account" className="underline underline-offset-2 hover:text-foreground">
            export or delete your data
          </Link>{' '}
          at any time.
        </p>
        <p id="terms" className="scroll-mt-20">
          <span className="font-semibold text-foreground">Terms of use.</span> Everything here is given for
          free and as is. Arrange pickups directly, follow the safety guidelines, and post only what is yours
          to give.
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <nav aria-label={title} className="grid content-start gap-2">
      <h2 className="font-semibold text-foreground">{title}</h2>
      <ul className="grid gap-0.5">{children}</ul>
    </nav>
  );
}

function QuickLinks() {
  const { actor } = useSession();
  return [...QUICK_LINKS, isMember(actor) ? ACCOUNT_LINK : SIGN_IN_LINK].map(([to, name]) => (
    <li key={to}>
      <Link to={to} className={LINK}>
        {name}
      </Link>
    </li>
  ));
}

/** The product's accounts from the settings (INSTAGRAM_URL, docs/decisions/0073); their line is held while the session loads. */
function SocialLinks() {
  const { isLoading, links } = useSession();
  if (isLoading) return <li className="min-h-8" aria-hidden="true" />;
  if (!links.instagram) return <li className="flex min-h-8 items-center">Share any post from its card.</li>;
  return (
    <li>
      <a href={links.instagram} target="_blank" rel="noopener noreferrer" className={`${LINK} gap-2`}>
        <InstagramIcon className="size-4" />
        Instagram
      </a>
    </li>
  );
}
