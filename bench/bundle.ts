import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleSize {
  /** Gzipped bytes of the entry script and the modules it preloads: what the home page loads first. */
  initialJs: number;
  initialFiles: string[];
  /** Gzipped bytes of the lazily loaded map chunk(s) (Leaflet), null when there is none. */
  mapJs: number | null;
  mapFiles: string[];
}

/** The home page's first JS, gzipped (issue 18): the budget the bench reports and the browser layer guards. */
export const JS_BUDGET = 150 * 1024;

const VITE = path.resolve('node_modules/vite/bin/vite.js');

/** What the home page loads first, by the index.html of a build in `dir`: the entry script and its modulepreloads. */
export function initialFilesOf(dir: string): string[] {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const refs = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!.replace(/^\//, ''));
  return [
    ...new Set([
      ...refs(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
      ...refs(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ]),
  ].filter((f) => existsSync(path.join(dir, f)));
}

/** Gzipped bytes (level 9) of a build's file. */
export const gzippedSize = (dir: string, file: string) =>
  gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;

/** The sizes of a production build in `dir`. */
export function measureBundle(dir: string): BundleSize {
  const initialFiles = initialFilesOf(dir);
  const assets = readdirSync(path.join(dir, 'assets')).map((f) => `assets/${f}`);
  const mapFiles = assets.filter(
    (f) => f.endsWith('.js') && /map|leaflet/i.test(f) && !initialFiles.includes(f),
  );
  return {
    initialJs: initialFiles.reduce((sum, f) => sum + gzippedSize(dir, f), 0),
    initialFiles,
    mapJs: mapFiles.length ? mapFiles.reduce((sum, f) => sum + gzippedSize(dir, f), 0) : null,
    mapFiles,
  };
}

/**
 * A production build of the web app into a folder of its own (dist/web may hold someone's
 * development build), measured from its index.html: the entry script plus its modulepreloads.
 */
export function bundleSize(): BundleSize {
  const out = mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  try {
    const built = spawnSync(
      process.execPath,
      [VITE, 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'],
      {
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    if (built.status !== 0) throw new Error('the production web build failed');
    return measureBundle(out);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
