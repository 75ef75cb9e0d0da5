/**
 * The tags a page's <head> carries for search engines and link previews (docs/decisions/0088):
 * title, description, canonical address, Open Graph, Twitter card and JSON-LD. Everything written
 * here is escaped: titles and areas come from members' posts.
 */
export interface PageMeta {
  /** The whole document title. */
  title: string;
  description: string;
  /** The page's absolute address; none for a page that is not one (the 404 screen). */
  canonical: string | null;
  /** An absolute image address for link previews, or none. */
  image: string | null;
  /** Kept out of search results (the 404 screen, private screens). */
  noindex: boolean;
  /** Structured data (schema.org), or none. */
  jsonLd: Record<string, unknown> | null;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside an element or a double-quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * JSON inside <script type="application/ld+json">: `<` written as \u003c so no text ends the
 * element early (`</script>`) or opens a comment; U+2028/9 for old parsers.
 */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;

/** The head tags of a page, one a line. */
export function headTags(page: PageMeta, siteName: string): string {
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    ...(page.noindex ? [meta('name', 'robots', 'noindex')] : []),
    ...(page.canonical ? [`<link rel="canonical" href="${escapeHtml(page.canonical)}" />`] : []),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    ...(page.canonical ? [meta('property', 'og:url', page.canonical)] : []),
    ...(page.image ? [meta('property', 'og:image', page.image)] : []),
    meta('name', 'twitter:card', page.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    ...(page.image ? [meta('name', 'twitter:image', page.image)] : []),
    ...(page.jsonLd ? [`<script type="application/ld+json">${jsonForScript(page.jsonLd)}</script>`] : []),
  ];
  return tags.join('\n    ');
}
