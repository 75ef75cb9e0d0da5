// `npm run test:e2e`: the browser journeys; needs a Chromium (see chrome.mjs).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findChrome, NO_CHROME_HINT } from './chrome.mjs';

const chrome = findChrome();
if (!chrome) {
  console.error(NO_CHROME_HINT);
  process.exit(1);
}
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const { status } = spawnSync(process.execPath, [vitest, 'run', '--project', 'e2e', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chrome },
});
process.exit(status ?? 1);
