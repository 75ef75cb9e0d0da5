import { describe, expect, it } from 'vitest';
import { escapeHtml, headTags, jsonForScript, type PageMeta } from './head';
import { postMeta } from './meta';
import { HOME_ORIGIN, parseLatLng } from '../../../domain/geo';
import { ORIGIN_NAME_MARK } from '../../../domain/pages';
import { fill, templateOf } from './templates';

const page: PageMeta = {
  title: 'Pears "ripe" <now> & \'free\'',
  description: 'In <Scarborough>',
  canonical: 'https://fruit.example/?post=1&x="2"',
  image: 'https://fruit.example/uploads/a.webp',
  noindex: false,
  jsonLd: { name: '</script><script>alert(1)</script>', note: '<!-- & \u2028' },
};

describe('head tags', () => {
  it('escape every text and address they carry', () => {
    const tags = headTags(page, 'Site & co');
    expect(tags).toContain('<title>Pears &quot;ripe&quot; &lt;now&gt; &amp; &#39;free&#39;</title>');
    expect(tags).toContain('<meta name="description" content="In &lt;Scarborough&gt;" />');
    expect(tags).toContain(
      '<link rel="canonical" href="https://fruit.example/?post=1&amp;x=&quot;2&quot;" />',
    );
    expect(tags).toContain('<meta property="og:site_name" content="Site &amp; co" />');
    expect(tags).not.toMatch(/<script>alert/);
    expect(tags.match(/<\/script>/g)).toHaveLength(1);
  });

  it('keep JSON-LD readable as the same JSON', () => {
    const json = jsonForScript(page.jsonLd);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(page.jsonLd);
  });

  it('leave out what a page has not: canonical, image, JSON-LD; say noindex when asked', () => {
    const tags = headTags({ ...page, canonical: null, image: null, jsonLd: null, noindex: true }, 'Site');
    expect(tags).not.toContain('canonical');
    expect(tags).not.toContain('og:image');
    expect(tags).not.toContain('ld+json');
    expect(tags).toContain('<meta name="twitter:card" content="summary" />');
    expect(tags).toContain('<meta name="robots" content="noindex" />');
  });

  it('escapeHtml leaves plain text alone', () => {
    expect(escapeHtml('North York')).toBe('North York');
  });
});

describe("a shared post's preview", () => {
  const post = {
    id: 'p1',
    type: 'skids',
    title: 'Skids',
    address: '12 Secret Lane, Etobicoke',
    region: null,
    status: 'limited',
    imageUrl: '/uploads/s.webp',
  } as const;

  it('names the area, never the street, and makes the photo absolute', () => {
    const meta = postMeta('https://fruit.example', post);
    expect(meta.description).toBe(
      'Free wooden skids in Etobicoke, shared by a neighbour. Pick it up for free.',
    );
    expect(JSON.stringify(meta)).not.toContain('Secret Lane');
    expect(meta.image).toBe('https://fruit.example/uploads/s.webp');
    expect(meta.jsonLd).toMatchObject({
      '@type': 'Offer',
      price: '0',
      availability: 'https://schema.org/LimitedAvailability',
    });
  });

  it("shows the site's picture for a post without a photo", () => {
    const meta = postMeta('https://fruit.example', { ...post, imageUrl: null });
    expect(meta.image).toBe('https://fruit.example/og-card.png');
    expect(meta.jsonLd).not.toHaveProperty('itemOffered.image');
  });

  it('keeps a photo already on a CDN where it is, and says nothing of an area it does not know', () => {
    const meta = postMeta('https://fruit.example', {
      ...post,
      address: 'Somewhere',
      imageUrl: 'https://cdn.example/s.webp',
    });
    expect(meta.image).toBe('https://cdn.example/s.webp');
    expect(meta.description).toBe('Free wooden skids, shared by a neighbour. Pick it up for free.');
  });
});

describe('a template filled', () => {
  const built = (body: string) => `<html><head><meta charset="UTF-8" /><title>Built</title></head><body>${body}</body></html>`;
  const template = templateOf(built('<code>/__not-found__</code>'), HOME_ORIGIN);

  it('writes the head tags before </head> and the escaped path where the 404 screen names it', () => {
    const html = fill(template, { ...page, jsonLd: null }, '/"><img src=x onerror=alert(1)>');
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<code>/&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</code>');
  });

  it('leaves a path that only looks like a replacement pattern as it is', () => {
    expect(fill(template, page, "/$&$'")).toContain('<code>/$&amp;$&#39;</code>');
  });

  it('names the default origin in the head and where the prerendered page marks it, escaped', () => {
    const origin = { lat: 49.2827, lng: -123.1207, name: `Gastown & "the Drive" $&` };
    const html = fill(templateOf(built(`<p>Distances from ${ORIGIN_NAME_MARK} — allow</p>`), origin), page);
    expect(html).toContain('<meta name="app:default-origin" content="49.2827,-123.1207" />');
    expect(html).toContain('<meta name="app:default-origin-name" content="Gastown &amp; &quot;the Drive&quot; $&amp;" />');
    expect(html).toContain('<p>Distances from Gastown &amp; &quot;the Drive&quot; $&amp; — allow</p>');
    expect(html).not.toContain(ORIGIN_NAME_MARK);
    expect(html.indexOf('app:default-origin')).toBeLessThan(html.indexOf('</head>'));
  });

  it('writes the point as the browser reads it back, never in exponent form', () => {
    const html = fill(templateOf(built(''), { lat: 0.0000001, lng: -10, name: 'Null Island' }), page);
    expect(html).toContain('<meta name="app:default-origin" content="0,-10" />');
    expect(parseLatLng(html.match(/app:default-origin" content="([^"]+)"/)?.[1])).toEqual({ lat: 0, lng: -10 });
  });

  it("leaves the mark as written in a member's post title quoted by the head", () => {
    const html = fill(templateOf(built(`<p>Distances from ${ORIGIN_NAME_MARK}</p>`), HOME_ORIGIN), { ...page, title: `Pears ${ORIGIN_NAME_MARK}` });
    expect(html).toContain(`<title>Pears ${ORIGIN_NAME_MARK}</title>`);
    expect(html).toContain('<p>Distances from downtown Toronto</p>');
  });

  it("takes the built page's own title out: each answer writes the page's own", () => {
    expect(fill(template, page)).not.toContain('<title>Built</title>');
  });
});
