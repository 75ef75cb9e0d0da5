// `npm run dev`: the API with restart on change (tsx watch) and Vite with hot reload on
// http://localhost:5173, which proxies /api, /uploads and /ws to the API on :3000.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = (pkg, file) => fileURLToPath(new URL(`../node_modules/${pkg}/${file}`, import.meta.url));
const children = [
  spawn(process.execPath, [bin('tsx', 'dist/cli.mjs'), 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  spawn(process.execPath, [bin('vite', 'bin/vite.js')], { stdio: 'inherit' }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
