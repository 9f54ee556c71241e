// PostgreSQL ends a connection the node holds (a restart, a failover, pg_terminate_backend) while the node has
// it checked out between two queries of a transaction. pg then emits 'error' on a client that pg-pool no longer
// listens to; without a listener of our own that is an uncaught exception and the node process dies (it did,
// once, in CI: readiness.test.ts stopping PostgreSQL). The node must report it, fail that transaction, and go on.
import { type PostgresServer, startPostgres } from '@st/testkit';
import { sql } from 'kysely';
import pgDriver from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CloudDb, openDatabase } from '../src/db/connect';

describe('a PostgreSQL connection ended under the node', () => {
  let pg: PostgresServer;
  let db: CloudDb;
  const reported: Error[] = [];

  beforeAll(async () => {
    pg = await startPostgres();
    db = await openDatabase({ kind: 'postgres', url: pg.url }, { onPoolError: (err) => reported.push(err) });
  });
  afterAll(async () => {
    await db?.destroy();
    await pg?.stop();
  });

  it('inside a transaction: the transaction fails, the error is reported, the next query works', async () => {
    const admin = new pgDriver.Client({ connectionString: pg.url });
    await admin.connect();
    try {
      const outcome = db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        const pid = rows[0]?.pid;
        // the client is checked out and idle in the transaction while PostgreSQL ends its backend
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sql`select 1`.execute(trx);
      });
      await expect(outcome).rejects.toThrow();
      expect(reported.some((e) => /terminating connection/.test(e.message))).toBe(true);

      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
    }
  });
});
