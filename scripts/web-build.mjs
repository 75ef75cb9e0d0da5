// Builds the web bundle when it is missing or older than its sources, so `npm start` always serves
// the current app without anyone running a build by hand.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const INPUTS = ['src/web', 'src/domain', 'vite.config.ts', 'package.json', 'package-lock.json'];
const STAMP = path.join(ROOT, 'dist', '.web-build-hash');
export const WEB_DIST = path.join(ROOT, 'dist', 'web');

function* filesOf(entry) {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(full).sort()) {
    if (name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    yield* filesOf(path.join(entry, name));
  }
}

/** A hash of every input of the web build (paths and contents). */
export function sourceHash() {
  const hash = createHash('sha256');
  for (const entry of INPUTS) {
    for (const file of filesOf(entry)) {
      hash.update(file).update('\0').update(readFileSync(path.join(ROOT, file))).update('\0');
    }
  }
  return hash.digest('hex');
}

/**
 * What the stamp holds: the sources' hash, and the hash of the index.html this build wrote. A build
 * made by hand since (another mode, no minification) names other assets in its index.html, so it
 * is not taken for this one.
 */
const stampOf = () =>
  `${sourceHash()} ${createHash('sha256').update(readFileSync(path.join(WEB_DIST, 'index.html'))).digest('hex')}`;

export function isWebBuildFresh() {
  return (
    existsSync(path.join(WEB_DIST, 'index.html')) &&
    existsSync(path.join(WEB_DIST, 'pages', 'home.html')) &&
    existsSync(STAMP) &&
    readFileSync(STAMP, 'utf8').trim() === stampOf()
  );
}

/** Runs `vite build`, the prerendering of the public pages (0088) and the compression step when the bundle is missing or stale. */
export function ensureWebBuild({ log = console.log } = {}) {
  if (isWebBuildFresh()) return false;
  log('Building the web app (first start, or its sources changed)...');
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  // Always a production bundle, even when called from a test runner that sets NODE_ENV=test.
  // The config is loaded by Vite's default loader, which takes the server's extensionless imports;
  // its warning about a loader that may become the default one day came twice on every first start.
  const env = { ...process.env, NODE_ENV: 'production', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' };
  const built = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit', env });
  if (built.status !== 0) throw new Error('The web build failed (see above).');
  const prerendered = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'prerender.mjs')], { cwd: ROOT, stdio: 'inherit', env });
  if (prerendered.status !== 0) throw new Error('Prerendering the public pages failed (see above).');
  const compressed = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'compress.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (compressed.status !== 0) throw new Error('Compressing the web build failed (see above).');
  writeFileSync(STAMP, stampOf() + '\n');
  return true;
}
