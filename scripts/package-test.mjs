// `node scripts/package-test.mjs [--no-build] [--full] [--arm64]`: builds the amd64 image and .deb packages (scripts/package.mjs,
// reusing its caches) and tests them for real, one line per check, exit 1 when any check fails:
//   image: the gateway image starts under podman (runc, host networking, explicit ulimits), runs as the
//   non-root user under tini, the console and /api/build answer, the health check passes, a simulated device
//   on the host is found by the containerised gateway, SIGTERM stops it cleanly, and a new container on the same
//   data volume keeps the data;
//   .deb: in a Debian trixie container running systemd (`--systemd=always`, its own network namespace) the
//   gateway package installs, its service is active and answers as its system user, an upgrade keeps the data
//   and the edited conffile, purge removes the user, the unit, the settings and the data; with --full the cloud
//   package installs and answers too.
// `--arm64` instead: builds the arm64 forms and smoke-tests them under qemu-user-static (slow; outside the default
// CI). Needs root, podman, runc, skopeo, mmdebstrap, umoci (Debian packages). Leaves no container or volume behind.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseTarPath, MIRROR } from './package.mjs';
import { ensureSystemDeps, PACKAGE_ARM64_NEEDS, PACKAGE_NEEDS } from './system-deps.mjs';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const CACHE = process.env.ST_PACKAGE_CACHE ?? join(root, '.cache', 'package');
const VERSION = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const tag = `p${process.pid}`;
// podman in this sandbox: crun refuses the hybrid cgroups, and raising RLIMIT_NOFILE/NPROC is refused, so
// every container gets runc and limits it may set
const RUN_OPTS = ['--runtime', 'runc', '--ulimit', 'nofile=8192:8192', '--ulimit', 'nproc=4096:4096'];

let passed = 0;
let failed = 0;
const started = Date.now();
const cleanups = [];

function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...opts });
  return {
    status: r.status ?? -1,
    out: `${r.stdout ?? ''}`.trim(),
    err: `${r.stderr ?? ''}${r.error?.message ?? ''}`.trim(),
  };
}

function must(cmd, args, opts) {
  const r = sh(cmd, args, opts);
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${(r.err || r.out).slice(-800)}`);
  return r.out;
}

async function check(name, fn) {
  const t = Date.now();
  try {
    const detail = await fn();
    passed++;
    console.log(`ok - ${name}${detail ? ` (${detail})` : ''} [${((Date.now() - t) / 1000).toFixed(1)} s]`);
    return true;
  } catch (e) {
    failed++;
    console.log(`not ok - ${name}: ${(e instanceof Error ? e.message : String(e)).split('\n').join(' | ')}`);
    return false;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what, fn, timeoutMs) {
  const until = Date.now() + timeoutMs;
  let last;
  while (Date.now() < until) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    await sleep(500);
  }
  throw new Error(`${what} not within ${timeoutMs / 1000} s${last ? `: ${last.message}` : ''}`);
}

/** `podman rm -f -v` (with the anonymous volume of the image's VOLUME), tried again while the container still exists (a busy podman may fail the first time). */
function removeContainer(name) {
  for (let i = 0; i < 5; i++) {
    sh('podman', ['rm', '-f', '-v', '-t', '2', name]);
    if (sh('podman', ['container', 'exists', name]).status !== 0) return;
    spawnSync('sleep', ['2']);
  }
  console.log(`# could not remove container ${name}`);
}

function freeTcpPort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function fetchJson(url, init) {
  const r = await fetch(url, { ...init, signal: AbortSignal.timeout(5000) });
  if (!r.ok) throw new Error(`${url} answered ${r.status}`);
  return r.json();
}

// ---------------------------------------------------------------------------------------------------------

async function testImage() {
  const image = `localhost/smartthing-gateway:${tag}`;
  const volume = `st-pkgtest-${tag}`;
  const archive = join(root, 'dist', 'smartthing-gateway.oci.tar');
  const port = await freeTcpPort();
  const logPort = await freeTcpPort();
  const discoveryPort = 20000 + Math.floor(Math.random() * 20000);
  const deviceIp = `127.0.${100 + Math.floor(Math.random() * 100)}.${2 + Math.floor(Math.random() * 200)}`;
  const containers = [];
  let sim;
  cleanups.push(() => {
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

// ---------------------------------------------------------------------------------------------------------

/** A Debian trixie root file system with systemd and nodejs, as a podman image; cached like the base. */
function systemdImage() {
  const key = baseTarPath('amd64').match(/-([0-9a-f]{12})\.tar$/)[1];
  const name = `localhost/smartthing-systemd-test:${key}`;
  if (sh('podman', ['image', 'exists', name]).status === 0) return name;
  const tar = join(CACHE, 'base', `test-systemd-amd64-${key}.tar`);
  if (!existsSync(tar)) {
    mkdirSync(join(CACHE, 'base'), { recursive: true });
    must('mmdebstrap', [
      '--quiet',
      '--format=tar',
      '--variant=minbase',
      '--arch=amd64',
      '--include=systemd,systemd-sysv,dbus,nodejs,ca-certificates,passwd',
      '--dpkgopt=path-exclude=/usr/share/man/*',
      '--dpkgopt=path-exclude=/usr/share/doc/*',
      '--dpkgopt=path-exclude=/usr/share/locale/*',
      'trixie',
      `${tar}.tmp`,
      ...(MIRROR ? [MIRROR] : []),
    ]);
    renameSync(`${tar}.tmp`, tar);
  }
  must('podman', ['import', '-q', '--change', 'CMD ["/sbin/init"]', tar, name]);
  return name;
}

async function testDeb() {
  const deb = (app, v = VERSION) => `smartthing-${app}_${v}_amd64.deb`;
  for (const app of ['gateway', 'cloud']) {
    if (!existsSync(join(root, 'dist', deb(app)))) throw new Error(`dist/${deb(app)} missing`);
  }
  const work = mkdtempSync(join(tmpdir(), 'st-pkgtest-'));
  const ct = `st-pkgtest-systemd-${tag}`;
  cleanups.push(() => {
    removeContainer(ct);
    rmSync(work, { recursive: true, force: true });
  });
  // the upgrade: the same package with a higher version
  const upVersion = `${VERSION}+pkgtest1`;
  must('dpkg-deb', ['-R', join(root, 'dist', deb('gateway')), join(work, 'x')]);
  const control = join(work, 'x', 'DEBIAN', 'control');
  writeFileSync(control, readFileSync(control, 'utf8').replace(/^Version: .*$/m, `Version: ${upVersion}`));
  must('dpkg-deb', [
    '--root-owner-group',
    '-Zgzip',
    '-z1',
    '-b',
    join(work, 'x'),
    join(work, deb('gateway', upVersion)),
  ]);
  rmSync(join(work, 'x'), { recursive: true, force: true });

  const exec = (...args) => sh('podman', ['exec', ct, ...args]);
  const mustExec = (...args) => must('podman', ['exec', ct, ...args]);
  const get = (port, path) =>
    mustExec(
      'node',
      '-e',
      `fetch('http://127.0.0.1:${port}${path}').then(async (r) => { if (!r.ok) process.exit(1); console.log(await r.text()); }).catch(() => process.exit(1))`,
    );

  const image = await check('deb: a systemd container (Debian trixie) boots', async () => {
    const img = systemdImage();
    must('podman', [
      'run',
      '-d',
      '--name',
      ct,
      ...RUN_OPTS,
      '--systemd=always',
      '--network',
      'none',
      '-v',
      `${join(root, 'dist')}:/dist:ro`,
      '-v',
      `${work}:/upgrade:ro`,
      img,
    ]);
    const state = await waitFor(
      'systemd running',
      () => {
        const s = exec('systemctl', 'is-system-running').out;
        return s === 'running' || s === 'degraded' ? s : false;
      },
      60_000,
    );
    return `systemd ${state}`;
  });
  if (!image) return;

  await check('deb: smartthing-gateway installs, its service is active and answers', async () => {
    mustExec('dpkg', '--force-unsafe-io', '-i', `/dist/${deb('gateway')}`);
    await waitFor(
      'smartthing-gateway active',
      () => exec('systemctl', 'is-active', 'smartthing-gateway').out === 'active',
      30_000,
    );
    const build = await waitFor('GET /api/build', () => JSON.parse(get(8080, '/api/build')), 60_000);
    if (build.mode !== 'gateway') throw new Error(`mode ${build.mode}`);
  });

  await check('deb: the service runs as the system user smartthing-gateway', () => {
    const pid = mustExec('systemctl', 'show', '-P', 'MainPID', 'smartthing-gateway');
    const uid = mustExec('stat', '-c', '%u', `/proc/${pid}`);
    const want = mustExec('id', '-u', 'smartthing-gateway');
    if (uid !== want) throw new Error(`uid ${uid}, smartthing-gateway is ${want}`);
    const shell = mustExec('getent', 'passwd', 'smartthing-gateway').split(':')[6];
    if (shell !== '/usr/sbin/nologin') throw new Error(`shell ${shell}`);
  });

  await check(
    'deb: an upgrade keeps the data and the edited conffile, and restarts the service',
    async () => {
      mustExec(
        'node',
        '-e',
        `fetch('http://127.0.0.1:8080/api/gateway/name', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'kept-${tag}' }) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))`,
      );
      mustExec('sh', '-c', 'printf "# edited\\nST_LOG_LEVEL=info\\n" >> /etc/smartthing/gateway.env');
      const pidBefore = mustExec('systemctl', 'show', '-P', 'MainPID', 'smartthing-gateway');
      mustExec('dpkg', '--force-unsafe-io', '-i', `/upgrade/${deb('gateway', upVersion)}`);
      const v = mustExec('dpkg-query', '-W', `-f=${'$'}{Version}`, 'smartthing-gateway');
      if (v !== upVersion) throw new Error(`installed version ${v}`);
      await waitFor(
        'smartthing-gateway active',
        () => exec('systemctl', 'is-active', 'smartthing-gateway').out === 'active',
        30_000,
      );
      const pidAfter = mustExec('systemctl', 'show', '-P', 'MainPID', 'smartthing-gateway');
      if (pidAfter === pidBefore) throw new Error('the service was not restarted');
      const { name } = await waitFor(
        'GET /api/gateway/name',
        () => JSON.parse(get(8080, '/api/gateway/name')),
        60_000,
      );
      if (name !== `kept-${tag}`) throw new Error(`name is ${name}`);
      if (!mustExec('cat', '/etc/smartthing/gateway.env').includes('# edited'))
        throw new Error('conffile edit lost');
    },
  );

  await check('deb: purge removes the service, the user, the settings and the data', () => {
    mustExec('dpkg', '--force-unsafe-io', '--purge', 'smartthing-gateway');
    const left = [];
    if (exec('getent', 'passwd', 'smartthing-gateway').status === 0) left.push('user');
    if (exec('getent', 'group', 'smartthing-gateway').status === 0) left.push('group');
    if (exec('test', '-e', '/usr/lib/systemd/system/smartthing-gateway.service').status === 0)
      left.push('unit file');
    if (exec('systemctl', 'cat', 'smartthing-gateway').status === 0) left.push('unit known to systemd');
    if (exec('test', '-e', '/etc/smartthing/gateway.env').status === 0)
      left.push('/etc/smartthing/gateway.env');
    if (exec('test', '-e', '/var/lib/smartthing/gateway').status === 0)
      left.push('/var/lib/smartthing/gateway');
    if (exec('test', '-e', '/usr/lib/smartthing-gateway').status === 0)
      left.push('/usr/lib/smartthing-gateway');
    if (left.length > 0) throw new Error(`left behind: ${left.join(', ')}`);
  });

  // the cloud's package is made by the same code: its own start is checked with --full (it adds minutes)
  if (!process.argv.includes('--full')) return;
  await check('deb: smartthing-cloud installs, its service is active and answers', async () => {
    mustExec('dpkg', '--force-unsafe-io', '-i', `/dist/${deb('cloud')}`);
    await waitFor(
      'smartthing-cloud active',
      () => exec('systemctl', 'is-active', 'smartthing-cloud').out === 'active',
      30_000,
    );
    const build = await waitFor('GET /api/build', () => JSON.parse(get(8081, '/api/build')), 60_000);
    if (build.mode !== 'cloud') throw new Error(`mode ${build.mode}`);
    mustExec('dpkg', '--force-unsafe-io', '--purge', 'smartthing-cloud');
  });
}

// ---------------------------------------------------------------------------------------------------------

/** `--arm64`: the arm64 images start under qemu-user-static and answer /api/build; the packages hold arm64 code. */
async function testArm64() {
  const containers = [];
  const images = [];
  cleanups.push(() => {
    for (const c of containers) removeContainer(c);
    for (const i of images) sh('podman', ['rmi', '-f', i]);
  });
  for (const app of ['gateway', 'cloud']) {
    await check(`arm64: the ${app} image runs under qemu and answers /api/build`, async () => {
      const image = `localhost/smartthing-${app}:arm64-${tag}`;
      const name = `st-pkgtest-${app}-arm64-${tag}`;
      const port = await freeTcpPort();
      must('skopeo', [
        'copy',
        '-q',
        `oci-archive:${join(root, 'dist', `smartthing-${app}.oci.tar`)}:arm64`,
        `containers-storage:${image}`,
      ]);
      images.push(image);
      const env =
        app === 'gateway'
          ? [
              '-e',
              'ST_MULTICAST_IF=127.0.0.1',
              '-e',
              `ST_DISCOVERY_PORT=${20000 + Math.floor(Math.random() * 20000)}`,
              '-e',
              `ST_LOG_PORT=${await freeTcpPort()}`,
            ]
          : [];
      containers.push(name);
      must('podman', [
        'run',
        '-d',
        '--name',
        name,
        ...RUN_OPTS,
        '--arch',
        'arm64',
        '--network',
        'host',
        '-e',
        `ST_PORT=${port}`,
        ...env,
        image,
      ]);
      const machine = must('podman', ['exec', name, 'node', '-p', 'process.arch']);
      if (machine !== 'arm64') throw new Error(`node reports ${machine}`);
      const build = await waitFor(
        'GET /api/build',
        () => fetchJson(`http://127.0.0.1:${port}/api/build`),
        240_000,
      );
      if (build.mode !== app) throw new Error(`mode ${build.mode}`);
      return `node ${machine}`;
    });
  }
  await check('arm64: the packages are arm64 and carry an aarch64 better-sqlite3 addon', () => {
    for (const app of ['gateway', 'cloud']) {
      const deb = join(root, 'dist', `smartthing-${app}_${VERSION}_arm64.deb`);
      const arch = must('dpkg-deb', ['-f', deb, 'Architecture']);
      if (arch !== 'arm64') throw new Error(`${deb}: Architecture ${arch}`);
      const addon = `./usr/lib/smartthing-${app}/node_modules/better-sqlite3/build/Release/better_sqlite3.node`;
      const bytes = spawnSync(
        'sh',
        ['-c', `dpkg-deb --fsys-tarfile '${deb}' | tar -xOf - '${addon}' | head -c 20 | od -An -tu1`],
        { encoding: 'utf8' },
      )
        .stdout.trim()
        .split(/\s+/)
        .map(Number);
      if (bytes[18] !== 0xb7)
        throw new Error(`${app}: the addon's ELF machine is ${bytes[18]}, not aarch64 (183)`);
    }
  });
}

// ---------------------------------------------------------------------------------------------------------

/** Runs one group of checks and removes what it started (containers, volumes, images) right after it. */
async function phase(fn) {
  const mark = cleanups.length;
  try {
    await fn();
  } finally {
    for (const c of cleanups.splice(mark).reverse()) {
      try {
        await c();
      } catch {}
    }
  }
}

async function main() {
  if (process.getuid?.() !== 0) {
    console.log('not ok - package test: needs root (podman, dpkg-deb with owners)');
    process.exit(1);
  }
  const arm64 = process.argv.includes('--arm64');
  const arch = arm64 ? 'arm64' : 'amd64';
  ensureSystemDeps(arm64 ? [...PACKAGE_NEEDS, ...PACKAGE_ARM64_NEEDS] : PACKAGE_NEEDS);
  if (arm64 && !existsSync('/proc/sys/fs/binfmt_misc/qemu-aarch64')) {
    // arm64 binaries run through qemu-user-static's binfmt entry (mmdebstrap's maintainer scripts, the containers)
    if (!existsSync('/proc/sys/fs/binfmt_misc/register')) {
      sh('mount', ['-t', 'binfmt_misc', 'binfmt_misc', '/proc/sys/fs/binfmt_misc']);
    }
    sh('update-binfmts', ['--enable', 'qemu-aarch64']);
  }
  const built = await check(
    `package: npm run package -- --arch ${arch} builds the images and the .debs`,
    () => {
      const passOn = process.argv.slice(2).filter((a) => a !== '--arm64' && a !== '--full');
      const args = [join(root, 'scripts', 'package.mjs'), '--arch', arch, ...passOn];
      const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`package.mjs exited ${r.status}: ${(r.stdout ?? '').slice(-1500)}`);
      return r.stdout.match(/done in [\d.]+ s/)?.[0];
    },
  );
  try {
    if (built && arm64) await phase(testArm64);
    else if (built) {
      await phase(testImage);
      await phase(testDeb).catch((e) => check('deb: set-up', () => Promise.reject(e)));
    }
  } finally {
    for (const c of cleanups.reverse()) {
      try {
        await c();
      } catch {}
    }
  }
  console.log(`package test: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((e) => {
  console.log(`not ok - package test: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
