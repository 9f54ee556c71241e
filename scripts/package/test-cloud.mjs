// The package test's cloud checks (run with `node --import tsx`, for @st/testkit's servers): the cloud image as two
// nodes on one PostgreSQL and one Redis behind haproxy, as deploy/compose runs them. PostgreSQL and Redis are
// the host's Debian ones, started by @st/testkit on free ports, because no registry is reachable for
// compose.yaml's postgres/redis images; haproxy (the host's) runs deploy/compose/haproxy.cfg itself with its
// addresses rewritten for host networking; the nodes are containers of the image under test.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// (the two files themselves, not @st/testkit's index: they need only node:*, so the check does not load the
// rest of the workspace's sources)
import { startPostgres } from '../../packages/testkit/src/postgres.ts';
import { startRedis } from '../../packages/testkit/src/redis.ts';
import { root } from './common.mjs';
import { check, freeTcpPort, must, RUN_OPTS, removeContainer, sh, tag, waitFor } from './test-kit.mjs';

const ADMIN_PASSWORD = `pkgtest-${tag}-password`;

async function call(base, method, path, { cookie, body } = {}) {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(5000),
  });
  return { status: r.status, setCookie: r.headers.getSetCookie(), body: await r.text() };
}

/**
 * haproxy with deploy/compose/haproxy.cfg itself, changed for host networking (the front's port, the nodes'
 * addresses: compose's service names -> 127.0.0.1:port), the error file's path and the connection limit.
 */
async function composeHaproxy(ports) {
  const dir = mkdtempSync(join(tmpdir(), 'st-pkgtest-haproxy-'));
  const port = await freeTcpPort();
  const compose = join(root, 'deploy', 'compose');
  const cfg = readFileSync(join(compose, 'haproxy.cfg'), 'utf8')
    .replace(/^(\s*bind) :8080$/m, `$1 127.0.0.1:${port}`)
    // the sandbox refuses raising RLIMIT_NOFILE to what maxconn 50000 needs
    .replace(/^(\s*maxconn) 50000$/m, '$1 4000')
    .replace(/ node([12]):8080 /g, (_, n) => ` 127.0.0.1:${ports[Number(n) - 1]} `)
    .replaceAll('/usr/local/etc/haproxy/smartthing-503.http', join(compose, 'smartthing-503.http'));
  if (!cfg.includes(`127.0.0.1:${port}`) || !cfg.includes(`127.0.0.1:${ports[1]} `))
    throw new Error('deploy/compose/haproxy.cfg no longer has the front and node lines this check rewrites');
  writeFileSync(join(dir, 'haproxy.cfg'), cfg);
  const proc = spawn('haproxy', ['-f', join(dir, 'haproxy.cfg'), '-db'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-2000);
  });
  const url = `http://127.0.0.1:${port}`;
  // both nodes in: haproxy's own checks (GET /api/ready, rise 2) pass for each
  await waitFor(
    'both nodes up behind haproxy',
    async () => {
      if (proc.exitCode !== null) throw new Error(`haproxy exited ${proc.exitCode}: ${stderr}`);
      return (await call(url, 'GET', '/api/ready')).status === 200;
    },
    20_000,
  );
  return {
    url,
    async stop() {
      const gone = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      if (proc.exitCode === null) await gone;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function testCloud(onCleanup) {
  const image = `localhost/smartthing-cloud:${tag}`;
  const nodes = [`st-pkgtest-node1-${tag}`, `st-pkgtest-node2-${tag}`];
  const ports = [await freeTcpPort(), await freeTcpPort()];
  const started = [];
  onCleanup(async () => {
    for (const s of started.reverse()) await s.stop();
    for (const n of nodes) removeContainer(n);
    sh('podman', ['rmi', '-f', image]);
  });
  let balancer;
  const up = await check(
    "cloud: two nodes of the cloud image on one PostgreSQL and one Redis are up behind compose's haproxy.cfg",
    async () => {
      const archive = join(root, 'dist', 'smartthing-cloud.oci.tar');
      must('skopeo', ['copy', '-q', `oci-archive:${archive}:amd64`, `containers-storage:${image}`]);
      const pg = await startPostgres();
      started.push(pg);
      const redis = await startRedis();
      started.push(redis);
      const secret = `${tag}-${'s'.repeat(40)}`;
      nodes.forEach((name, i) => {
        must('podman', [
          'run',
          '-d',
          '--name',
          name,
          ...RUN_OPTS,
          '--network',
          'host',
          ...['-e', `ST_PORT=${ports[i]}`, '-e', 'ST_HOST=127.0.0.1', '-e', `DATABASE_URL=${pg.url}`],
          ...['-e', `REDIS_URL=${redis.url}`, '-e', `ST_SECRET=${secret}`, '-e', 'ST_TRUST_PROXY=1'],
          ...[
            '-e',
            'ST_SHUTDOWN_DRAIN_MS=3000',
            ...(i === 0 ? ['-e', `ST_ADMIN_PASSWORD=${ADMIN_PASSWORD}`] : []),
          ],
          image,
        ]);
      });
      for (const port of ports) {
        await waitFor(
          `node on ${port} ready`,
          async () => (await call(`http://127.0.0.1:${port}`, 'GET', '/api/ready')).status === 200,
          90_000,
        );
      }
      balancer = await composeHaproxy(ports);
      started.push(balancer);
    },
  );
  if (!up) {
    for (const n of nodes) console.log(sh('podman', ['logs', '--tail', '15', n]).err);
    return;
  }

  let cookie;
  await check(
    'cloud: a session made through haproxy is honoured by both nodes and through the balancer',
    async () => {
      const login = await call(balancer.url, 'POST', '/api/auth/user', {
        body: { login: 'admin', password: ADMIN_PASSWORD },
      });
      if (login.status !== 200)
        throw new Error(`login answered ${login.status}: ${login.body.slice(0, 200)}`);
      cookie = login.setCookie.map((c) => c.split(';')[0]).find((c) => !c.endsWith('=')) ?? '';
      for (const base of [...ports.map((p) => `http://127.0.0.1:${p}`), ...Array(4).fill(balancer.url)]) {
        const me = await call(base, 'GET', '/api/auth/me', { cookie });
        if (me.status !== 200) throw new Error(`GET ${base}/api/auth/me answered ${me.status}`);
      }
    },
  );

  await check(
    'cloud: with node1 stopped (SIGTERM, drained), haproxy keeps answering from node2',
    async () => {
      must('podman', ['stop', '-t', '30', nodes[0]]);
      const code = must('podman', ['inspect', '--format', '{{.State.ExitCode}}', nodes[0]]);
      if (code !== '0') throw new Error(`node1 exit code ${code}`);
      let good = 0;
      await waitFor(
        '3 answers in a row through haproxy',
        async () => {
          good = (await call(balancer.url, 'GET', '/api/auth/me', { cookie })).status === 200 ? good + 1 : 0;
          return good >= 3;
        },
        20_000,
      );
    },
  );
}
