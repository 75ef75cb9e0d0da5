import { Link } from 'react-router';
import { MapPin, Plus, Search } from 'lucide-react';
import type { LocalArea } from '../../../domain/pages';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LocalPosts } from '../../features/posts';
import { LOCAL_TEXTS } from './local-texts';

/**
 * A local landing page (spec §2): the area's own text, example streets, its live count and newest
 * posts, and the ways to browse and to post (both on the home page). Prerendered into HTML at build
 * time with its words; the count and posts load after (docs/decisions/0088).
 */
export function LocalPage({ area }: { area: LocalArea }) {
  const text = LOCAL_TEXTS[area.slug];
  if (!text) throw new Error(`No local text for ${area.slug}`);
  return (
    <Page eyebrow={`${area.name}, Toronto`} title={area.title} description={text.intro[0]}>
      <div className="grid gap-10">
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="grid content-start gap-4">
            {text.intro.slice(1).map((paragraph) => (
              <p key={paragraph} className="max-w-2xl text-base sm:text-lg">
                {paragraph}
              </p>
            ))}
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to="/">
                  <Search aria-hidden="true" />
                  Browse free posts
                </Link>
              </Button>
              <Button asChild size="lg" variant="accent">
                <Link to="/?create=1">
                  <Plus aria-hidden="true" />
                  Post something free
                </Link>
              </Button>
            </div>
          </div>
          <Card className="grid content-start gap-4 p-6">
            <h2 className="text-lg font-semibold">{`What neighbours share in ${area.name}`}</h2>
            <ul className="grid list-disc gap-1.5 pl-5 text-sm">
              {text.shared.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <h2 className="text-lg font-semibold">Where pickups happen</h2>
            <p className="text-sm text-muted-foreground">
              Pickups happen on streets such as{' '}
              {text.streets.map((street, i) => (
                <span key={street}>
                  <span className="font-medium text-foreground">{street}</span>
                  {i < text.streets.length - 2 ? ', ' : i === text.streets.length - 2 ? ' or ' : ''}
                </span>
              ))}
              , across {text.neighbourhoods.join(', ')}. Unless a poster shows the exact spot, guests see only
              the area.
            </p>
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <MapPin className="size-4 shrink-0 text-primary" aria-hidden="true" />
              Example streets only, never a member&apos;s address.
            </p>
          </Card>
        </div>
        <LocalPosts name={area.name} listQuery={area.listQuery} />
      </div>
    </Page>
  );
}
