// What the cloud-scale bench reads from the servers under test: Redis's command count, PostgreSQL's client
// connections.
import { spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';

/** Commands the Redis server on `port` has processed since it started (INFO stats). */
export function redisCommands(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createConnection(port, '127.0.0.1');
    let text = '';
    s.once('error', reject);
    s.on('data', (d) => {
      text += d.toString();
      const m = /total_commands_processed:(\d+)/.exec(text);
      if (m) {
        s.destroy();
        resolve(Number(m[1]));
      }
    });
    s.write('INFO stats\r\n');
  });
}

/** Client connections open on the PostgreSQL server at `url`, this query's own not counted. */
export function pgConnections(url: string): number {
  const u = new URL(url);
  const r = spawnSync(
    'psql',
    [
      '-h',
      u.hostname,
      '-p',
      u.port,
      '-U',
      u.username || 'st',
      '-d',
      u.pathname.slice(1) || 'postgres',
      '-tAc',
      "select count(*) from pg_stat_activity where backend_type = 'client backend'",
    ],
    { encoding: 'utf8' },
  );
  return Number(r.stdout.trim()) - 1; // minus this psql session
}
