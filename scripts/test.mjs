// `npm test`: typecheck, lint, unit, API, fault, cluster and browser tests, in that order, stopping at
// the first failure. Without a Chromium the browser journeys are skipped with one plain line, unless
// REQUIRE_E2E=1 (CI), where a missing browser is a failure. The cluster tests need HAProxy
// (scripts/cluster installs it when it may: as root or through sudo); without any of these they are
// skipped the same way, unless REQUIRE_CLUSTER=1 (CI).
import { spawnSync } from 'node:child_process';
import { findChrome, NO_CHROME_HINT } from './chrome.mjs';

const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit tests', ['run', 'test:unit']],
  ['API tests', ['run', 'test:api']],
  ['fault tests', ['run', 'test:faults']],
];

const onPath = (program) => spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0;
const haproxy = onPath('haproxy') || process.getuid?.() === 0 || onPath('sudo');
const NO_HAPROXY_HINT = 'HAProxy is not installed (Debian/Ubuntu: apt-get install -y haproxy).';
if (haproxy) steps.push(['cluster tests', ['run', 'test:cluster']]);
else if (process.env.REQUIRE_CLUSTER === '1') {
  console.error(`${NO_HAPROXY_HINT} (REQUIRE_CLUSTER=1 makes this a failure.)`);
  process.exit(1);
}

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
if (!haproxy) console.log(`\n${NO_HAPROXY_HINT} The two-instance tests were skipped.`);
console.log('\n✔ all checks passed');
