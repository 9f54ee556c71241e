// The package test's cloud checks (run with `node --import tsx`, for @st/testkit's servers): the cloud image as two
// nodes on one PostgreSQL and one Redis behind haproxy, the shape of deploy/compose. The services are the
// host's own (Debian's postgresql, redis-server, haproxy, started by @st/testkit on free ports; haproxy with the
// same backend checks as deploy/compose/haproxy.cfg) because no registry is reachable for compose.yaml's
// postgres/redis/haproxy images; the nodes are containers of the image under test, with host networking.
import { join } from 'node:path';
// (the three files themselves, not @st/testkit's index: they need only node:*, so the check does not load the
// rest of the workspace's sources)
import { startHaproxy } from '../../packages/testkit/src/haproxy.ts';
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
    'cloud: two nodes of the cloud image start on one PostgreSQL and one Redis',
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
      balancer = await startHaproxy({ backends: ports.map((p) => `127.0.0.1:${p}`) });
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
