import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrations';
import type { CloudDatabase } from './schema';

export type StorageTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export type CloudDb = Kysely<CloudDatabase>;

/** Opens the database (SQLite file or PostgreSQL) and runs the migrations. Call `db.destroy()` to close. */
export async function openDatabase(target: StorageTarget): Promise<CloudDb> {
  const db =
    target.kind === 'sqlite'
      ? new Kysely<CloudDatabase>({ dialect: new SqliteDialect({ database: openSqlite(target.file) }) })
      : new Kysely<CloudDatabase>({
          dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.url, max: 10 }) }),
        });
  try {
    await migrateToLatest(db);
  } catch (e) {
    await db.destroy();
    throw e;
  }
  return db;
}

function openSqlite(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}
