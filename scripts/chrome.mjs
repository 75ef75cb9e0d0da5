import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** The browser the journeys drive: CHROME_PATH, else a system Chromium or Chrome; null if none. */
export function findChrome() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

export const NO_CHROME_HINT =
  'No Chromium found for the browser tests: install one (Debian/Ubuntu: apt-get install -y chromium) or set CHROME_PATH.';
