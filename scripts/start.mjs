// `npm start`: build the web app if needed, then run the server (TypeScript through tsx) in this
// process, so Ctrl+C reaches it directly and it stops PostgreSQL cleanly.
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './web-build.mjs';

try {
  ensureWebBuild();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
process.env.NODE_ENV ??= 'production';
register();
await import('../src/server/main.ts');
