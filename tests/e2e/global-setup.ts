import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../src/server/db/embedded';
import { ensureWebBuild } from '../../scripts/web-build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    e2eDataDir: string;
    instagramURL: string;
  }
}

/** The product's Instagram account in the journeys: the share menu offers to follow it. */
const INSTAGRAM_URL = 'https://www.instagram.com/freefruit.example/';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The app did not answer ${url}/api/health within ${timeoutMs} ms`);
}

/**
 * The real app, as `npm start` runs it (built bundle, embedded PostgreSQL), on a free port with an
 * empty data folder and no demo data, so each journey creates what it needs.
 */
export default async function setup(project: TestProject) {
  ensureWebBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'off',
      NODE_ENV: 'production',
      INSTAGRAM_URL,
      // As behind a reverse proxy: each browser context says its own address (harness.ts newPage).
      TRUST_PROXY: '127.0.0.1',
    },
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, child, 90_000);
  project.provide('baseURL', baseURL);
  project.provide('e2eDataDir', dataDir);
  project.provide('instagramURL', INSTAGRAM_URL);

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
