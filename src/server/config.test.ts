import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './config';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

describe('config', () => {
  it('has defaults that make `npm start` work', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', POSTING_ACCESS: 'gated', DEMO_DATA: 'on' });
    expect(env.DEFAULT_ORIGIN).toEqual({ lat: 43.6532, lng: -79.3832 });
  });
  it('stops with a message naming the bad setting', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(() => parseEnv({ DEFAULT_ORIGIN: '95,10' })).toThrow(/DEFAULT_ORIGIN/);
    expect(() => parseEnv({ POSTING_ACCESS: 'maybe' })).toThrow(/POSTING_ACCESS/);
  });
  it('generates SESSION_SECRET once and keeps it in DATA_DIR', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'config-'));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first.SESSION_SECRET);
  });
  it('marks cookies Secure only behind https', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'config-'));
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://fruit.example' }).secureCookies).toBe(true);
    expect(loadConfig({ DATA_DIR: dir }).secureCookies).toBe(false);
  });
});
