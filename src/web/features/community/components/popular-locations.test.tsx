import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PopularLocations } from './popular-locations';

/** What a screen reader hears of each chip: its texts, each a flex item of the button (so apart). */
const spoken = (html: string) =>
  [...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map((m) =>
    m[1]!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim(),
  );

describe('PopularLocations', () => {
  it('says the count of each area with its noun, singular for one: "Bobcaygeon 1 post"', () => {
    const html = renderToStaticMarkup(
      <PopularLocations
        areas={[
          { area: 'Toronto', posts: 26 },
          { area: 'Bobcaygeon', posts: 1 },
          { area: 'Etobicoke', posts: 1200 },
        ]}
        filters={{ region: 'all', q: '' }}
        onArea={() => undefined}
      />,
    );
    expect(spoken(html)).toEqual(['Toronto 26 posts', 'Bobcaygeon 1 post', 'Etobicoke 1,200 posts']);
  });
});
