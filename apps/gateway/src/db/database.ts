import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Logger } from 'pino';
import { MIGRATIONS, type Migration } from './migrations';

export type Db = Database.Database;

export const DB_FILE_NAME = 'gateway.sqlite';

/** Opens (creating when needed) the gateway's SQLite file in WAL mode and applies pending migrations. */
export function openDatabase(
  dataDir: string,
  logger: Logger,
  migrations: readonly Migration[] = MIGRATIONS,
): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DB_FILE_NAME));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations, logger);
  return db;
}

export function migrate(db: Db, migrations: readonly Migration[], logger: Logger): void {
  const current = Number(db.pragma('user_version', { simple: true }));
  const newest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  if (current > newest) {
    throw new Error(`database schema version ${current} is newer than this gateway knows (${newest})`);
  }
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    })();
    logger.info({ version: m.version, migration: m.name }, 'database migrated');
  }
}
