import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrations';
import type { CloudDatabase } from './schema';

export type StorageTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export type CloudDb = Kysely<CloudDatabase>;

export interface DatabaseOptions {
  /** PostgreSQL connections this node may hold at most (default 10) */
  poolMax?: number;
  /** an idle PostgreSQL connection failed (the server restarted): logged, the pool reconnects by itself */
  onPoolError?: (err: Error) => void;
}

/** Opens the database (SQLite file or PostgreSQL) and runs the migrations. Call `db.destroy()` to close. */
export async function openDatabase(target: StorageTarget, opts: DatabaseOptions = {}): Promise<CloudDb> {
  const db =
    target.kind === 'sqlite'
      ? new Kysely<CloudDatabase>({ dialect: new SqliteDialect({ database: openSqlite(target.file) }) })
      : new Kysely<CloudDatabase>({ dialect: new PostgresDialect({ pool: openPool(target.url, opts) }) });
  try {
    await migrateToLatest(db);
  } catch (e) {
    await db.destroy();
    throw e;
  }
  return db;
}

function openPool(url: string, opts: DatabaseOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolMax ?? 10,
    // while PostgreSQL is away, a query fails after this instead of waiting for a connection forever
    connectionTimeoutMillis: 5000,
  });
  // A connection that PostgreSQL closes (restart, failover, pg_terminate_backend) emits 'error' on its client,
  // and an 'error' with no listener crashes the process. pg-pool listens only while the client is idle in the
  // pool and re-emits on the pool; while a client is checked out (inside a transaction, or between a query's
  // answer and its release) nobody would. So every client gets a listener of its own for its whole life; the
  // query in flight rejects by itself and the pool drops the broken client, so both listeners only report.
  pool.on('connect', (client) => client.on('error', (err) => opts.onPoolError?.(err)));
  // re-emitted for idle clients: the client's own listener above has already reported it
  pool.on('error', () => {});
  return pool;
}

function openSqlite(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}
