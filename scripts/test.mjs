// `npm test`: typecheck, lint, unit, API, fault and browser tests, in that order, stopping at the first
// failure. Without a Chromium the browser journeys are skipped with one plain line, unless
// REQUIRE_E2E=1 (CI), where a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import { findChrome, NO_CHROME_HINT } from './chrome.mjs';

const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit tests', ['run', 'test:unit']],
  ['API tests', ['run', 'test:api']],
  ['fault tests', ['run', 'test:faults']],
];

const chrome = findChrome();
if (chrome) steps.push(['browser tests', ['run', 'test:e2e']]);
else if (process.env.REQUIRE_E2E === '1') {
  console.error(`${NO_CHROME_HINT} (REQUIRE_E2E=1 makes this a failure.)`);
  process.exit(1);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
for (const [name, args] of steps) {
  console.log(`\n▶ ${name}`);
  const { status } = spawnSync(npm, args, { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(status ?? 1);
  }
}
if (!chrome) console.log(`\n${NO_CHROME_HINT} The browser journeys were skipped.`);
console.log('\n✔ all checks passed');
