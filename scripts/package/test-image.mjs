// The package test's image checks: the gateway image under podman (runc, host networking, explicit ulimits)
// runs as the non-root user under tini, the console and /api/build answer, the health check passes, a
// simulated device on the host is found by the containerised gateway, SIGTERM stops it cleanly, and a new
// container on the same data volume keeps the data.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './common.mjs';
import {
  check,
  fetchJson,
  freeTcpPort,
  must,
  RUN_OPTS,
  removeContainer,
  sh,
  tag,
  waitFor,
} from './test-kit.mjs';

export async function testImage(onCleanup) {
  const image = `localhost/smartthing-gateway:${tag}`;
  const volume = `st-pkgtest-${tag}`;
  const archive = join(root, 'dist', 'smartthing-gateway.oci.tar');
  const port = await freeTcpPort();
  const logPort = await freeTcpPort();
  const discoveryPort = 20000 + Math.floor(Math.random() * 20000);
  const deviceIp = `127.0.${100 + Math.floor(Math.random() * 100)}.${2 + Math.floor(Math.random() * 200)}`;
  const containers = [];
  let sim;
  onCleanup(() => {
    sim?.kill('SIGTERM');
    for (const c of containers) removeContainer(c);
    sh('podman', ['volume', 'rm', '-f', volume]);
    sh('podman', ['rmi', '-f', image]);
  });

  const loaded = await check('image: the multi-arch archive holds amd64 and loads into podman', () => {
    const index = JSON.parse(must('tar', ['-xOf', archive, 'index.json']));
    const refs = index.manifests.map((m) => m.annotations?.['org.opencontainers.image.ref.name']);
    if (!refs.includes('latest') || !refs.includes('amd64'))
      throw new Error(`index names ${refs.join(', ')}`);
    must('skopeo', ['copy', '-q', `oci-archive:${archive}:amd64`, `containers-storage:${image}`]);
    return `refs ${refs.join(', ')}`;
  });
  if (!loaded) return;

  const runGateway = (name) => {
    containers.push(name);
    must('podman', [
      'run',
      '-d',
      '--name',
      name,
      ...RUN_OPTS,
      '--network',
      'host',
      '--health-cmd',
      'node /usr/lib/smartthing-gateway/healthcheck.mjs',
      '--health-interval',
      '0',
      '-e',
      `ST_PORT=${port}`,
      '-e',
      'ST_MULTICAST_IF=127.0.0.1',
      '-e',
      `ST_DISCOVERY_PORT=${discoveryPort}`,
      '-e',
      `ST_LOG_PORT=${logPort}`,
      '-v',
      `${volume}:/var/lib/smartthing/gateway`,
      image,
    ]);
  };
  const base = `http://127.0.0.1:${port}`;
  const first = `st-pkgtest-gw1-${tag}`;

  const up = await check('image: the gateway starts and answers /api/build (host networking)', async () => {
    runGateway(first);
    const build = await waitFor('GET /api/build', () => fetchJson(`${base}/api/build`), 60_000);
    if (build.mode !== 'gateway') throw new Error(`mode ${build.mode}`);
    return `version ${build.version}`;
  });
  if (!up) {
    console.log(sh('podman', ['logs', '--tail', '20', first]).err);
    return;
  }

  await check('image: the console answers at /', async () => {
    const r = await fetch(`${base}/`, { signal: AbortSignal.timeout(5000) });
    const html = await r.text();
    if (r.status !== 200 || !html.includes('<script')) throw new Error(`GET / answered ${r.status}`);
  });

  await check('image: node runs as the non-root user under tini (PID 1)', () => {
    const top = must('podman', ['top', first, 'user', 'pid', 'args']);
    const rows = top
      .split('\n')
      .slice(1)
      .map((l) => l.trim().split(/\s+/));
    const pid1 = rows.find((r) => r[1] === '1');
    const node = rows.find((r) => r[2] === '/usr/bin/node');
    if (pid1?.[2] !== '/usr/bin/tini') throw new Error(`PID 1 is ${pid1?.slice(2).join(' ')}`);
    if (node?.[0] !== 'smartthing') throw new Error(`node runs as ${node?.[0]}`);
  });

  await check('image: the health check passes', () => {
    must('podman', ['healthcheck', 'run', first]);
  });

  await check('image: a simulated device on the host is found by the containerised gateway', async () => {
    sim = spawn(
      process.execPath,
      [
        join(root, 'apps', 'simulator', 'dist', 'main.js'),
        '--count',
        '1',
        '--first-ip',
        deviceIp,
        '--discovery-port',
        String(discoveryPort),
        '--multicast-if',
        '127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    await waitFor(
      `device ${deviceIp} in /api/devices/found`,
      async () =>
        (await fetchJson(`${base}/api/devices/found`)).some(
          (d) => d.ip === deviceIp || d.ip.startsWith(`${deviceIp}:`),
        ),
      30_000,
    );
    return deviceIp;
  });

  await check('image: SIGTERM stops the gateway cleanly (exit 0, no kill)', async () => {
    await fetchJson(`${base}/api/gateway/name`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `kept-${tag}` }),
    });
    must('podman', ['stop', '-t', '20', first]);
    const code = must('podman', ['inspect', '--format', '{{.State.ExitCode}}', first]);
    if (code !== '0') throw new Error(`exit code ${code}`);
    if (!sh('podman', ['logs', first]).out.includes('shutting down'))
      throw new Error('no "shutting down" in the log');
  });

  await check('image: a new container on the same data volume keeps the data', async () => {
    sh('podman', ['rm', '-f', '-v', first]);
    runGateway(`st-pkgtest-gw2-${tag}`);
    const { name } = await waitFor(
      'GET /api/gateway/name',
      () => fetchJson(`${base}/api/gateway/name`),
      60_000,
    );
    if (name !== `kept-${tag}`) throw new Error(`name is ${name}`);
  });
}
