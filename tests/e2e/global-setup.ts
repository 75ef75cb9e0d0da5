import { hash } from '@node-rs/argon2';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../src/server/db/embedded';
import { ARGON2 } from '../../src/server/lib/passwords';
import { ensureWebBuild } from '../../scripts/web-build.mjs';
import { quotedPrintable } from '../mail-text';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    e2eDataDir: string;
    instagramURL: string;
    ownerPassword: string;
    /** The mail the app sent (invitations), as the journeys' SMTP server received it. */
    mailURL: string;
    /** The journeys' admins, one per journey that needs one: registered, then made admins by ADMIN_EMAILS at the app's start. */
    admins: Record<keyof typeof ADMINS, Credentials>;
  }
}

/** The product's Instagram account in the journeys: the share menu offers to follow it. */
const INSTAGRAM_URL = 'https://www.instagram.com/freefruit.example/';

/** The owner password of the Post Access Required dialog's Owner tab (DECISIONS 4), set up for the journeys. */
const OWNER_PASSWORD = 'orchard-owner-2026';

interface Credentials {
  username: string;
  email: string;
  password: string;
}

/**
 * The journeys' admins, made as an operator makes the first one (docs/decisions/0110): registered
 * on a first start, then listed in ADMIN_EMAILS for the start the journeys use.
 */
const ADMINS = {
  moderation: { username: 'moderator', email: 'moderator@e2e.example', password: 'moderator-secret' },
  marketing: { username: 'admin-marketing', email: 'admin-journeys@example.com', password: 'marketing-secret' },
} satisfies Record<string, Credentials>;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The app exited with code ${child.exitCode} before it was ready`);
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

/** The app as `npm start` runs it, on `port` with these settings; resolves once it answers. */
async function startApp(env: NodeJS.ProcessEnv, port: number): Promise<{ baseURL: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, child, 90_000);
  return {
    baseURL,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
    },
  };
}

/** Registers a member as the sign-up form does, from an address of its own (TRUST_PROXY). */
async function register(baseURL: string, user: Credentials, address: string): Promise<void> {
  const res = await fetch(`${baseURL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL, 'x-forwarded-for': address },
    body: JSON.stringify(user),
  });
  if (res.status !== 201) throw new Error(`Registering ${user.email} failed ${res.status}: ${await res.text()}`);
}

/**
 * The real app, as `npm start` runs it (built bundle, embedded PostgreSQL), on a free port with an
 * empty data folder and no demo data, so each journey creates what it needs. A first start
 * registers the journeys' admins; the second, which the journeys use, lists them in ADMIN_EMAILS.
 */
export default async function setup(project: TestProject) {
  ensureWebBuild();
  const smtp = await startSmtp();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'off',
    NODE_ENV: 'production',
    INSTAGRAM_URL,
    OWNER_PASSWORD_HASH: await hash(OWNER_PASSWORD, ARGON2),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    // Invitations are mailed with a link to the site's own address, which only PUBLIC_URL names.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Each browser context of a journey is a visitor on a network of its own (X-Forwarded-For,
    // harness.ts newPage): per-address limits (kindness once a day, sign-ups, the preview
    // budget, self-referral) see different people, as they would in the field.
    TRUST_PROXY: 'loopback',
  };
  const first = await startApp(env, port);
  await Promise.all(Object.values(ADMINS).map((admin, i) => register(first.baseURL, admin, `10.255.0.${i + 1}`)));
  await first.stop();
  const app = await startApp({ ...env, ADMIN_EMAILS: Object.values(ADMINS).map((a) => a.email).join(',') }, port);
  project.provide('baseURL', app.baseURL);
  project.provide('e2eDataDir', dataDir);
  project.provide('instagramURL', INSTAGRAM_URL);
  project.provide('ownerPassword', OWNER_PASSWORD);
  project.provide('mailURL', smtp.url);
  project.provide('admins', ADMINS);

  return async () => {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await smtp.close();
  };
}

/**
 * A mail server on this machine for the app's mail (invitations, password links): it keeps what it
 * receives and shows it at an HTTP address the journeys ask, so a journey can see that a mail left
 * and follow its link.
 */
async function startSmtp(): Promise<{ port: number; url: string; close: () => Promise<void> }> {
  const received: Array<{ to: string[]; at: string; text: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), at: new Date().toISOString(), text: quotedPrintable(raw) });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
  );
  const http = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(received));
  });
  const httpPort = await new Promise<number>((resolve) =>
    http.listen(0, '127.0.0.1', () => resolve((http.address() as AddressInfo).port)),
  );
  return {
    port,
    url: `http://127.0.0.1:${httpPort}/`,
    close: () =>
      new Promise<void>((resolve) => {
        http.close();
        server.close(() => resolve());
      }),
  };
}
