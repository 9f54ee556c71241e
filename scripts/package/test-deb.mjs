// The package test's .deb checks: in a Debian trixie container running systemd (`--systemd=always`, its own
// network namespace) the gateway package installs, its service is active and answers as its system user, an
// upgrade keeps the data and the edited conffile, purge removes the user, the unit, the settings and the data;
// with --full the cloud package installs and answers too.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseKey, baseTarPath } from './base.mjs';
import { root } from './common.mjs';
import { check, must, RUN_OPTS, removeContainer, sh, tag, VERSION, waitFor } from './test-kit.mjs';

/**
 * The systemd container's image: the amd64 base (made by the package step, with nodejs) plus systemd and dbus,
 * installed by apt inside a container from it (seconds, where a second mmdebstrap took a minute and a half).
 * Kept in podman's storage, named by the base's key.
 */
function systemdImage() {
  const name = `localhost/smartthing-systemd-test:${baseKey('amd64')}`;
  if (sh('podman', ['image', 'exists', name]).status === 0) return name;
  const base = `localhost/smartthing-base:${tag}`;
  const ct = `st-pkgtest-derive-${tag}`;
  try {
    must('podman', ['import', '-q', baseTarPath('amd64'), base]);
    must('podman', [
      'run',
      '--name',
      ct,
      ...RUN_OPTS,
      '--network',
      'host',
      base,
      'sh',
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ' +
        'systemd systemd-sysv dbus passwd >/dev/null && rm -rf /var/lib/apt/lists/* /var/cache/apt/*',
    ]);
    must('podman', ['commit', '-q', '--change', 'CMD ["/sbin/init"]', ct, name]);
  } finally {
    sh('podman', ['rm', '-f', ct]);
    sh('podman', ['rmi', '-f', base]);
  }
  return name;
}

export async function testDeb(onCleanup) {
  const deb = (app, v = VERSION) => `smartthing-${app}_${v}_amd64.deb`;
  for (const app of ['gateway', 'cloud']) {
    if (!existsSync(join(root, 'dist', deb(app)))) throw new Error(`dist/${deb(app)} missing`);
  }
  const work = mkdtempSync(join(tmpdir(), 'st-pkgtest-'));
  const ct = `st-pkgtest-systemd-${tag}`;
  onCleanup(() => {
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
