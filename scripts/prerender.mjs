// After `vite build`: renders the public pages of domain/pages.ts PRERENDERED (home, the local pages,
// /subscribe, the 404 screen) into dist/web/pages/<name>.html, the shell with the page's HTML in
// #root, which the server sends for those paths and the browser hydrates (docs/decisions/0088).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB = path.join(ROOT, 'dist', 'web');
const SSR = path.join(ROOT, 'dist', 'ssr');

/** The shell with `html` as the content of its #root, marked prerendered for main.tsx. */
export function pageFromShell(shell, html) {
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) throw new Error('The shell has no empty <div id="root"></div>');
  return shell.replace(root, () => `<div id="root" data-prerendered>${stripHoisted(html)}</div>`);
}

/**
 * React writes the <title> a screen renders ahead of its HTML (it belongs in <head>); the server
 * writes each page's head itself, so it is left out here. The browser's React puts its own in <head>.
 */
export function stripHoisted(html) {
  return html.replace(/^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)+/, '');
}

async function main() {
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    mode: 'production',
    build: {
      ssr: path.join(ROOT, 'src/web/prerender.tsx'),
      outDir: SSR,
      emptyOutDir: true,
      copyPublicDir: false,
    },
  });
  const { renderPage, PRERENDERED } = await import(pathToFileURL(path.join(SSR, 'prerender.js')).href);
  await writePages(WEB, renderPage, PRERENDERED);
  rmSync(SSR, { recursive: true, force: true });
  console.log(`Prerendered ${PRERENDERED.length} pages into dist/web/pages`);
}

/** Writes `<root>/pages/<file>.html` for each page, from `<root>/index.html` and `render(path)`. */
export async function writePages(root, render, pages) {
  const shell = readFileSync(path.join(root, 'index.html'), 'utf8');
  const dir = path.join(root, 'pages');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const page of pages)
    writeFileSync(path.join(dir, `${page.file}.html`), pageFromShell(shell, await render(page.path)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
