import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * A maintenance command (admin, backup, photos:sweep) pointed at a DATA_DIR that holds no embedded
 * database: a typo, or a folder the app never ran in. Creating a cluster there would only move the
 * failure to "relation … does not exist", and leave a stray database behind.
 */
export class NoDatabaseError extends Error {
  constructor(readonly dataDir: string) {
    super(`There is no database in DATA_DIR=${dataDir} (start the app once there, or check DATA_DIR).`);
  }
}

/** Whether `dataDir` holds an initialised embedded PostgreSQL cluster (initdb writes PG_VERSION). */
export const hasCluster = (dataDir: string): boolean => existsSync(path.join(dataDir, 'pg', 'PG_VERSION'));
