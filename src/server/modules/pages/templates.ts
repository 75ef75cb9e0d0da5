import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { NamedPlace } from '../../../domain/geo';
import {
  HOME_DIALOGS,
  LAZY_SCREENS,
  NOT_FOUND_MARK,
  ORIGIN_META,
  ORIGIN_NAME_MARK,
  ORIGIN_NAME_META,
  PAGE_DATA,
  PRERENDERED,
  SITE_NAME,
} from '../../../domain/pages';
import { escapeHtml, headTags, type PageMeta } from './head';

/** A page's HTML around the place its head tags go. */
interface Template {
  before: string;
  after: string;
}

/**
 * The built web app's HTML (docs/decisions/0088): the shell (`index.html`, an empty #root) and the
 * pages the build prerendered (`pages/<name>.html`), read once at start. Their own title and
 * description are taken out: each answer writes the page's own.
 */
export interface Templates {
  shell: Template;
  /** By path: '/', '/scarborough', …; the 404 screen under NOT_FOUND_MARK. */
  prerendered: ReadonlyMap<string, Template>;
  /** By path of a page whose screen loads on demand: the link tags that preload its screen's chunks. */
  preloads: ReadonlyMap<string, string>;
  /** By home page query parameter (HOME_DIALOGS): the link tags that preload its dialog's chunks. */
  dialogPreloads: ReadonlyMap<string, string>;
}

/** A chunk of the build's manifest (Vite's `build.manifest`), as far as preloading reads it. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The modulepreload links of a screen's chunk and the chunks it imports, but the entry's (loaded
 * by the page already); none when the manifest does not know the module. `low`: fetched after what
 * the first paint needs (a dialog opened once the page has hydrated), not beside it.
 */
export function preloadLinks(
  manifest: Readonly<Record<string, ManifestChunk>>,
  module: string,
  { low = false } = {},
): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  return [...files]
    .map(
      (file) =>
        `<link rel="modulepreload"${low ? ' fetchpriority="low"' : ''} crossorigin href="/${escapeHtml(file)}" />`,
    )
    .join('\n  ');
}

/**
 * The links that ask for a page's first answers from the API beside its code (PAGE_DATA), with
 * the cookies the app's own requests send, so those requests are answered by them.
 */
export const dataPreloadLinks = (pagePath: string): string =>
  (PAGE_DATA[pagePath] ?? [])
    .map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(url)}" />`)
    .join('\n  ');

/**
 * The preload links of each module of `modules`, by its key; none without the build's manifest.
 * `low(key)`: whether the page paints without that module (prerendered, or a dialog opened later).
 */
function preloadsOf(
  root: string,
  modules: Readonly<Record<string, string>>,
  low: (key: string) => boolean,
): Map<string, string> {
  const file = path.join(root, '.vite', 'manifest.json');
  const preloads = new Map<string, string>();
  if (!existsSync(file)) return preloads;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  for (const [key, module] of Object.entries(modules)) {
    const links = preloadLinks(manifest, module, { low: low(key) });
    if (links) preloads.set(key, links);
  }
  return preloads;
}

/** A degree as the browser reads it back (parseLatLng): never in exponent form (1e-7), to 6 places (about 10 cm). */
const degrees = (value: number) => value.toFixed(6).replace(/\.?0+$/, '');

/**
 * The default origin's head tags (ORIGIN_META): the browser's render reads them as the prerender did.
 * Also written by `npm run dev`'s Vite, which serves the page itself (vite.config.ts).
 */
export const originTags = (origin: NamedPlace) =>
  [
    `<meta name="${ORIGIN_META}" content="${degrees(origin.lat)},${degrees(origin.lng)}" />`,
    `<meta name="${ORIGIN_NAME_META}" content="${escapeHtml(origin.name)}" />`,
  ].join('\n    ');

/**
 * A built page as every answer starts from it: its own title and description taken out (each
 * answer writes the page's own), the default origin in its head, and its name (escaped) where the
 * prerendered page has ORIGIN_NAME_MARK, as the browser's render will show it (docs/decisions/0121).
 * Done once, at start: the setting does not change while the app runs.
 */
export function templateOf(html: string, defaultOrigin: NamedPlace): Template {
  const head = html
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta\s+name="description"[\s\S]*?\/?>/, '');
  const at = head.indexOf('</head>');
  if (at < 0) throw new Error('The page has no </head>');
  return {
    before: `${head.slice(0, at).trimEnd()}\n    ${originTags(defaultOrigin)}\n  `,
    after: head.slice(at).replaceAll(ORIGIN_NAME_MARK, () => escapeHtml(defaultOrigin.name)),
  };
}

/** The web app's HTML from its build folder, or null when there is no build (an API-only app). */
export function loadTemplates(root: string, defaultOrigin: NamedPlace): Templates | null {
  const shellFile = path.join(root, 'index.html');
  if (!existsSync(shellFile)) return null;
  const prerendered = new Map<string, Template>();
  for (const page of PRERENDERED) {
    const file = path.join(root, 'pages', `${page.file}.html`);
    if (existsSync(file)) prerendered.set(page.path, templateOf(readFileSync(file, 'utf8'), defaultOrigin));
  }
  return {
    shell: templateOf(readFileSync(shellFile, 'utf8'), defaultOrigin),
    prerendered,
    preloads: preloadsOf(root, LAZY_SCREENS, (pagePath) => prerendered.has(pagePath)),
    dialogPreloads: preloadsOf(root, HOME_DIALOGS, () => true),
  };
}

/**
 * The page's HTML with its head tags (and its screen's `preloads`). `askedPath`: the path a 404
 * screen names, written (escaped) where the prerendered screen has NOT_FOUND_MARK, as the
 * browser's render will show it.
 */
export function fill(template: Template, meta: PageMeta, askedPath?: string, preloads?: string): string {
  const links = preloads ? `\n  ${preloads}` : '';
  const html = `${template.before}  ${headTags(meta, SITE_NAME)}${links}\n  ${template.after}`;
  return askedPath === undefined
    ? html
    : html.replace(`>${NOT_FOUND_MARK}<`, () => `>${escapeHtml(askedPath)}<`);
}
