import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { connect, openDatabase, type Database } from './client';
import { isAlive, readPidFile } from './postmaster';

/**
 * The database for a command run beside the app (`npm run backup`): DATABASE_URL; else the
 * embedded server that a running app keeps on DATA_DIR, as one more client of it; else the
 * embedded server, started for the command (and stopped by `close()`), only where the app has
 * run: a DATA_DIR without a database is refused (NoDatabaseError), not created.
 */
export async function openForMaintenance(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>, log?: { info(msg: string): void; warn(msg: string): void }): Promise<Database> {
  if (config.DATABASE_URL) return connect(config.DATABASE_URL, null, 2);
  const running = readPidFile(path.join(config.DATA_DIR, 'pg'));
  const passwordFile = path.join(config.DATA_DIR, 'pg-password');
  if (running && running.status === 'ready' && isAlive(running.pid) && existsSync(passwordFile)) {
    const password = encodeURIComponent(readFileSync(passwordFile, 'utf8').trim());
    return connect(`postgres://postgres:${password}@127.0.0.1:${running.port}/app`, null, 2);
  }
  return openDatabase({ dataDir: config.DATA_DIR, mustExist: true }, log);
}
