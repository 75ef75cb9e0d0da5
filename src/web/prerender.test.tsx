import { describe, expect, it } from 'vitest';
import { APP_PATHS, LOCAL_AREAS, NOT_FOUND_MARK, PRERENDERED } from '../domain/pages';
import { LOCAL_TEXTS } from './app/routes/local-texts';
import { renderPage } from './prerender';

/** The words the build writes into the HTML of each page (docs/decisions/0088), as React renders them. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');

describe('the local pages', () => {
  it.each(LOCAL_AREAS.map((a) => [a.slug, a] as const))('/%s has its own text, example streets, buttons and the reserved places of its posts', async (_slug, area) => {
    const text = LOCAL_TEXTS[area.slug]!;
    const html = await renderPage(`/${area.slug}`);
    const words = textOf(html);
    expect(words).toContain(area.title);
    for (const paragraph of text.intro) expect(words).toContain(paragraph);
    for (const street of text.streets) expect(words).toContain(street);
    expect(words).toContain(`Recent posts in ${area.name}`);
    expect(html).toContain('aria-label="Loading posts"');
    expect(html).toMatch(/href="\/"[^>]*>.*?Browse free posts/);
    expect(html).toMatch(/href="\/\?create=1"[^>]*>.*?Post something free/);
  });

  it('each has words of its own, and example streets without a house number', () => {
    const intros = LOCAL_AREAS.map((a) => LOCAL_TEXTS[a.slug]!.intro.join(' '));
    expect(new Set(intros).size).toBe(LOCAL_AREAS.length);
    for (const area of LOCAL_AREAS) {
      const { streets, neighbourhoods, shared } = LOCAL_TEXTS[area.slug]!;
      expect(streets.length).toBeGreaterThanOrEqual(3);
      expect(neighbourhoods.length).toBeGreaterThanOrEqual(3);
      expect(shared.length).toBeGreaterThanOrEqual(3);
      for (const street of streets) expect(street).not.toMatch(/\d/);
    }
  });
});

describe('the footer (spec §2)', () => {
  it('has quick links, the Toronto areas with Mississauga coming soon, legal anchors and a place for social links', async () => {
    const html = await renderPage('/scarborough');
    const footer = html.slice(html.indexOf('<footer'));
    for (const [href, name] of [
      ['/', 'All posts'],
      ['/favorites', 'Favorites'],
      ['/subscribe', 'Plans and access'],
      ['/login', 'Sign in'],
      ['/scarborough', 'Scarborough'],
      ['/north-york', 'North York'],
      ['/etobicoke', 'Etobicoke'],
      ['#privacy', 'Privacy'],
      ['#terms', 'Terms of use'],
    ]) {
      expect(footer).toMatch(new RegExp(`href="${href}"[^>]*>${name}</a>`));
    }
    expect(textOf(footer)).toContain('Mississauga Coming Soon');
    expect(footer).not.toMatch(/href="\/mississauga"/);
    expect(footer).toContain('id="privacy"');
    expect(footer).toContain('id="terms"');
    // The Instagram link comes with the session's settings; its line is held meanwhile.
    expect(textOf(footer)).toContain('Follow us');
    expect(footer).not.toContain('instagram.com');
  });
});

describe('the router and the server agree on the pages', () => {
  it.each(APP_PATHS.map((p) => [p]))('%s is a screen of its own', async (path) => {
    expect(await renderPage(path)).not.toContain('404 Page Not Found');
  });

  it('any other path is the 404 screen, naming it', async () => {
    const html = await renderPage('/no-such-page');
    expect(html).toContain('404 Page Not Found');
    expect(html).toContain('>/no-such-page</code>');
  });

  it('prerenders the 404 screen at a mark the server replaces', async () => {
    expect(PRERENDERED.find((p) => p.file === '404')?.path).toBe(NOT_FOUND_MARK);
    expect(await renderPage(NOT_FOUND_MARK)).toContain(`>${NOT_FOUND_MARK}</code>`);
  });
});
