import { beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { writePages } from '../../scripts/prerender.mjs';
import {
  DISMISSED_COOKIE,
  HOME_DIALOGS,
  LOCAL_AREAS,
  PRERENDERED,
  LAZY_SCREENS,
  ORIGIN_NAME_MARK,
} from '../../src/domain/pages';
import { renderPage } from '../../src/web/prerender';
import { LIMITS } from '../../src/domain/limits';
import { registerMember, sessionCookie, useTestApp } from './helpers';
import { createPost, postsChanged } from './posts-helpers';

/**
 * The pages as a crawler or a chat app's link preview reads them, without JavaScript
 * (docs/decisions/0088). The web root holds the source shell and the pages prerendered by the same
 * code as the build's (src/web/prerender.tsx), so the words checked are the real screens' words.
 */
const web = mkdtempSync(path.join(os.tmpdir(), 'pages-web-'));
copyFileSync(path.resolve('src/web/index.html'), path.join(web, 'index.html'));
await writePages(web, renderPage, PRERENDERED);
// The build's manifest, as Vite writes it: the subscribe and favourites screens' chunks and one
// they import, and the shared post's dialog.
mkdirSync(path.join(web, '.vite'));
writeFileSync(
  path.join(web, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-a.js', isEntry: true },
    [LAZY_SCREENS['/subscribe']!]: {
      file: 'assets/subscribe-page-b.js',
      imports: ['index.html', '_plans-c.js'],
    },
    [LAZY_SCREENS['/favorites']!]: { file: 'assets/favorites-e.js', imports: ['index.html', '_plans-c.js'] },
    '_plans-c.js': { file: 'assets/plans-c.js' },
    [HOME_DIALOGS.post!]: { file: 'assets/post-dialog-d.js', imports: ['index.html'] },
  }),
);

const ctx = useTestApp({ PUBLIC_URL: 'https://fruit.example' }, { webRoot: web });
const page = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

/** The content of a head tag, unescaped. */
function metaOf(html: string, key: string): string | undefined {
  const found = html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`));
  return found?.[1]
    ?.replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/g);
const jsonLdOf = (html: string) =>
  JSON.parse(html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)![1]!);

let postId: string;
let hiddenId: string;

beforeAll(async () => {
  const member = await registerMember(ctx.app);
  const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
  const fields = {
    type: 'fruit',
    title: 'Pears <b>& "plums"</b>',
    description: 'Ripe',
    address: '12 Secret Lane, Scarborough',
  };
  const created = await createPost(ctx.app, member.cookie, fields, { bytes: image });
  expect(created.statusCode).toBe(201);
  postId = created.json().id;
  const hidden = await createPost(ctx.app, member.cookie, { ...fields, title: 'Hidden cherries' });
  hiddenId = hidden.json().id;
  await ctx.database.db.execute(sql`UPDATE posts SET hidden_at = now() WHERE id = ${hiddenId}`);
  await postsChanged(ctx);
});

describe('local pages without JavaScript', () => {
  it.each(LOCAL_AREAS.map((a) => [a.slug, a] as const))(
    '/%s has its words, its title, its description and its tags',
    async (_slug, area) => {
      const res = await page(`/${area.slug}`, { accept: '*/*' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = res.body;
      expect(titleOf(html)).toEqual([`<title>${area.title} | Free Fruit, Firewood &amp; Skids</title>`]);
      expect(metaOf(html, 'description')).toBe(area.description);
      expect(html).toContain(`<link rel="canonical" href="https://fruit.example/${area.slug}" />`);
      expect(metaOf(html, 'og:title')).toBe(`${area.title} | Free Fruit, Firewood & Skids`);
      expect(metaOf(html, 'og:url')).toBe(`https://fruit.example/${area.slug}`);
      expect(metaOf(html, 'og:image')).toBe('https://fruit.example/og-card.png');
      expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
      expect(jsonLdOf(html)).toMatchObject({
        '@type': 'CollectionPage',
        about: { '@type': 'Place', name: area.name },
      });
      // The screen's words are in the first answer, marked for the browser to hydrate.
      expect(html).toContain('<div id="root" data-prerendered>');
      expect(html).toContain(
        `<h1 class="mt-1 text-3xl font-bold tracking-tight text-balance sm:text-4xl">${area.title}</h1>`,
      );
      expect(html).toContain(`Recent posts in ${area.name}`);
      expect(html).toContain('Mississauga');
    },
  );

  it('has the Scarborough text and an example street, and the footer of spec §2', async () => {
    const html = (await page('/scarborough')).body;
    expect(html).toContain('Scarborough has some of the biggest backyards in Toronto');
    expect(html).toContain('Kingston Road');
    for (const text of [
      'Quick links',
      'Toronto areas',
      'Coming Soon',
      'href="#privacy"',
      'href="#terms"',
      'id="privacy"',
    ])
      expect(html).toContain(text);
  });

  it('compresses the page for a browser that takes brotli or gzip', async () => {
    const br = await page('/scarborough', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const gz = await page('/scarborough', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });
});

describe('a shared post link, /?post=ID', () => {
  it("previews the post: its title, its area (never the street) and its photo's absolute address", async () => {
    const html = (await page(`/?post=${postId}`)).body;
    expect(titleOf(html)).toEqual([
      '<title>Pears &lt;b&gt;&amp; &quot;plums&quot;&lt;/b&gt; | Free Fruit, Firewood &amp; Skids</title>',
    ]);
    expect(metaOf(html, 'og:title')).toBe('Pears <b>& "plums"</b> | Free Fruit, Firewood & Skids');
    expect(metaOf(html, 'og:description')).toBe(
      'Free fruit in Scarborough, shared by a neighbour. Pick it up for free.',
    );
    expect(metaOf(html, 'og:image')).toMatch(/^https:\/\/fruit\.example\/uploads\/.+\.(webp|jpe?g|png)$/);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(`<link rel="canonical" href="https://fruit.example/?post=${postId}" />`);
    expect(html).not.toContain('Secret Lane');
    expect(html).not.toContain('<b>');
    expect(jsonLdOf(html)).toMatchObject({
      '@type': 'Offer',
      price: '0',
      name: 'Pears <b>& "plums"</b>',
      areaServed: { name: 'Scarborough' },
    });
    // The home page's first render does not read `post` (the dialog opens after): hydrated.
    expect(html).toContain('<div id="root" data-prerendered>');
    expect(html).toContain('Free fruit, firewood and skids from your neighbours</h1>');
  });

  it("previews a post a guest has no free view left for as its locked card does: its title and region, no photo, no street (DECISIONS 29)", async () => {
    const owner = await registerMember(ctx.app);
    const others: string[] = [];
    for (let i = 0; i < LIMITS.previewPostsPerSession; i++)
      others.push((await createPost(ctx.app, owner.cookie, { type: 'fruit', title: `Plums ${i}`, description: 'Ripe', address: `${i} Elm St, Etobicoke` })).json().id);
    const remoteAddress = '10.77.0.1';
    const cookie = sessionCookie(await ctx.app.inject({ method: 'GET', url: '/api/session', remoteAddress }));
    const guest = (url: string) => ctx.app.inject({ method: 'GET', url, remoteAddress, headers: { cookie } });
    for (const id of others) expect((await guest(`/api/posts/${id}`)).json().locked).toBe(false);
    expect((await guest(`/api/posts/${postId}`)).json()).toMatchObject({ locked: true, imageUrl: null, address: '' });
    const html = (await guest(`/?post=${postId}`)).body;
    expect(metaOf(html, 'og:title')).toBe('Pears <b>& "plums"</b> | Free Fruit, Firewood & Skids');
    // The region its address names (0150), as the locked card shows it; never the street.
    expect(metaOf(html, 'og:description')).toBe('Free fruit in Scarborough, shared by a neighbour. Pick it up for free.');
    expect(metaOf(html, 'og:image')).toBe('https://fruit.example/og-card.png');
    expect(html).not.toContain('/uploads/');
    expect(html).not.toContain('Secret Lane');
  });

  it('sends the home page unmarked with a query its first render reads: shown until the app draws it anew', async () => {
    for (const query of [`?post=${postId}&type=firewood`, '?view=map', '?q=apples&utm_source=flyer']) {
      const html = (await page(`/${query}`)).body;
      expect(html).toContain('<div id="root"><div');
      expect(html).not.toContain('data-prerendered');
    }
    const campaign = (await page('/?utm_source=flyer&utm_medium=print&ref=ABC123&member=x')).body;
    expect(campaign).toContain('<div id="root" data-prerendered>');
  });

  it.each([
    ['an unknown post', () => '00000000-0000-4000-8000-000000000000'],
    ['a post hidden by reports', () => hiddenId],
    ['an id that is no id', () => '<script>'],
  ])('falls back to the site card for %s', async (_name, id) => {
    const res = await page(`/?post=${encodeURIComponent(id())}`);
    expect(res.statusCode).toBe(200);
    expect(metaOf(res.body, 'og:title')).toBe(
      'Free fruit, firewood and skids from your neighbours | Free Fruit, Firewood & Skids',
    );
    expect(metaOf(res.body, 'og:image')).toBe('https://fruit.example/og-card.png');
    expect(res.body).toContain('<link rel="canonical" href="https://fruit.example/" />');
    expect(res.body).not.toContain('Hidden cherries');
    expect(res.body).not.toContain('<script>"');
  });

  it('keeps a local page with a campaign query hydrated: its render reads no query', async () => {
    expect((await page('/scarborough?utm_source=flyer')).body).toContain('<div id="root" data-prerendered>');
  });

  it('serves the home page prerendered without a query, with the site card', async () => {
    const html = (await page('/')).body;
    expect(html).toContain('<div id="root" data-prerendered>');
    expect(html).toContain('<link rel="canonical" href="https://fruit.example/" />');
    expect(jsonLdOf(html)).toMatchObject({ '@type': 'WebSite' });
  });

  it('says where distances are measured from: the default origin, named in the head for the app to read', async () => {
    const html = (await page('/')).body;
    expect(html).toContain('Distances from downtown Toronto — allow location or choose a place for better results');
    expect(metaOf(html, 'app:default-origin')).toBe('43.6532,-79.3832');
    expect(metaOf(html, 'app:default-origin-name')).toBe('downtown Toronto');
    expect(html).not.toContain(ORIGIN_NAME_MARK);
  });
});

describe('a page whose screen loads on demand', () => {
  it("preloads its screen's chunks beside the first bundle when answered with the shell", async () => {
    const html = (await page('/favorites')).body;
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/favorites-e.js" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/plans-c.js" />');
    expect(html).not.toContain('href="/assets/index-a.js"');
    expect((await page('/')).body).not.toContain('rel="modulepreload" crossorigin href="/assets/favorites');
  });

  it('/subscribe is prerendered with its words, and preloads its screen after what its first paint needs', async () => {
    const html = (await page('/subscribe')).body;
    expect(html).toContain('<div id="root" data-prerendered>');
    expect(html).toContain('Plans and access</h1>');
    expect(html).toContain('Getting your plans ready…');
    expect(titleOf(html)).toEqual(['<title>Plans and access | Free Fruit, Firewood &amp; Skids</title>']);
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/subscribe-page-b.js" />',
    );
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/plans-c.js" />',
    );
  });

  it("/subscribe asks for its first answers from the API beside its code, as the app's own requests ask", async () => {
    const html = (await page('/subscribe')).body;
    for (const url of ['/api/session', '/api/payments/config', '/api/payments/receipts']) {
      expect(html).toContain(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}" />`);
    }
    expect((await page('/')).body).not.toContain('rel="preload" as="fetch"');
    expect((await page('/favorites')).body).not.toContain('rel="preload" as="fetch"');
  });

  it("/subscribe is hydrated with the plan it outlines, drawn anew on a return from a provider's page", async () => {
    expect((await page('/subscribe?plan=day&utm_source=flyer')).body).toContain(
      '<div id="root" data-prerendered>',
    );
    const back = (await page('/subscribe?payment=abc&redirect_status=succeeded')).body;
    expect(back).toContain('<div id="root"><');
    expect(back).not.toContain('data-prerendered');
  });
});

describe("a home page opening a shared post's dialog", () => {
  it("preloads the dialog's chunks with the prerendered page, after what its first paint needs, and only then", async () => {
    const link =
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/post-dialog-d.js" />';
    const html = (await page(`/?post=${postId}`)).body;
    expect(html).toContain(link);
    expect(html).toContain('<div id="root" data-prerendered>');
    expect((await page('/')).body).not.toContain(link);
    expect((await page(`/scarborough?post=${postId}`)).body).not.toContain(link);
  });
});

describe('banners a device dismissed', () => {
  it("are named on the page's <html> from the cookie, so the stylesheet hides them before the first paint", async () => {
    const res = await page('/', { cookie: `${DISMISSED_COOKIE}=welcome%20marketing` });
    expect(res.body).toContain('<html data-dismissed="welcome marketing" lang="en">');
    expect(res.body).toContain('data-dismissable="welcome"');
    expect(res.headers.vary).toContain('cookie');
  });

  it('name only the banners there are, whatever else the cookie holds', async () => {
    expect(
      (await page('/', { cookie: `${DISMISSED_COOKIE}=marketing%20%22%3E%3Cscript%3E` })).body,
    ).toContain('<html data-dismissed="marketing" lang="en">');
    expect((await page('/', { cookie: `${DISMISSED_COOKIE}=nothing` })).body).toContain('<html lang="en">');
  });
});

describe('sitemap, robots and unknown paths', () => {
  it('lists the public pages in /sitemap.xml, and no post', async () => {
    const res = await page('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://fruit.example/',
      'https://fruit.example/scarborough',
      'https://fruit.example/north-york',
      'https://fruit.example/etobicoke',
      'https://fruit.example/subscribe',
    ]);
  });

  it('points robots.txt at the sitemap and keeps the API, admin and marketing out', async () => {
    const res = await page('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /api/\n');
    expect(res.body).toContain('Disallow: /admin\n');
    expect(res.body).toContain('Disallow: /marketing\n');
    expect(res.body).toContain('Sitemap: https://fruit.example/sitemap.xml');
  });

  it('lets shared caches keep the sitemap and robots.txt, which name PUBLIC_URL whatever the Host', async () => {
    for (const url of ['/sitemap.xml', '/robots.txt']) {
      const res = await page(url, { host: 'attacker.example' });
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.body).toContain('https://fruit.example/');
      expect(res.body).not.toContain('attacker.example');
    }
  });

  it('answers an unknown path 404 with the 404 screen, naming the path, out of search results', async () => {
    const res = await page('/no-such-page', { accept: '*/*' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(titleOf(res.body)).toEqual([
      '<title>404 Page Not Found | Free Fruit, Firewood &amp; Skids</title>',
    ]);
    expect(res.body).toContain('404 Page Not Found</h1>');
    expect(res.body).toContain('>/no-such-page</code>');
    expect(res.body).toContain('Did you forget to add the page to the router?');
    expect(metaOf(res.body, 'robots')).toBe('noindex');
  });

  it('escapes the path the 404 screen names', async () => {
    const res = await page('/"><script>alert(1)</script>');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<script>alert(1)</script>');
  });

  it('keeps unknown API routes JSON', async () => {
    const res = await page('/api/no-such-route', { accept: 'text/html' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No route for GET /api/no-such-route' });
  });
});

describe('a site measuring distances from elsewhere (DEFAULT_ORIGIN, DEFAULT_ORIGIN_NAME)', () => {
  const elsewhere = useTestApp(
    { DEFAULT_ORIGIN: '49.2827,-123.1207', DEFAULT_ORIGIN_NAME: 'Gastown & Chinatown' },
    { webRoot: web },
  );
  const get = async (url: string) => (await elsewhere.app.inject({ method: 'GET', url })).body;

  it('names that place on the prerendered home page, escaped, as the app then renders it', async () => {
    const html = await get('/');
    expect(html).toContain('Distances from Gastown &amp; Chinatown — allow location or choose a place for better results');
    expect(html).not.toContain('downtown Toronto');
    expect(html).not.toContain(ORIGIN_NAME_MARK);
  });

  it("gives its point and name in every page's head, the shell's and the 404 screen's too", async () => {
    for (const url of ['/', '/subscribe', '/favorites', '/no-such-page']) {
      const html = await get(url);
      expect(metaOf(html, 'app:default-origin')).toBe('49.2827,-123.1207');
      expect(metaOf(html, 'app:default-origin-name')).toBe('Gastown & Chinatown');
    }
  });
});

describe('the site address without PUBLIC_URL', () => {
  const bare = useTestApp({}, { webRoot: web });
  it('comes from the request', async () => {
    const res = await bare.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'neighbours.test:8080' },
    });
    expect(res.body).toContain('<loc>http://neighbours.test:8080/scarborough</loc>');
  });

  it('is never kept by a shared cache: a forged Host would be served to everyone', async () => {
    for (const url of ['/sitemap.xml', '/robots.txt']) {
      const res = await bare.app.inject({ method: 'GET', url, headers: { host: 'attacker.example' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('http://attacker.example/');
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
  });
});
