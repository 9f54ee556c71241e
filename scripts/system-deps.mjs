// The Debian packages the test suite needs: Chromium (browser tests), PostgreSQL and Redis (cloud storage
// and scale-out tests), mosquitto (the MQTT bridge's broker) and haproxy (the load balancer in front of
// several cloud nodes). Installed with apt-get when missing and we are root; otherwise we stop and print the
// exact command, because skipping those tests silently would report a green suite that tested less.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const NEEDS = [
  { pkg: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  { pkg: 'postgresql', present: () => existsSync('/usr/lib/postgresql') },
  { pkg: 'redis-server', present: () => spawnSync('sh', ['-c', 'command -v redis-server']).status === 0 },
  { pkg: 'mosquitto', present: () => hasCommand('mosquitto') || existsSync('/usr/sbin/mosquitto') },
  { pkg: 'haproxy', present: () => hasCommand('haproxy') || existsSync('/usr/sbin/haproxy') },
  { pkg: 'openssl', present: () => hasCommand('openssl') },
  // the nginx front of docs/deploy.md is checked (`nginx -t`) and run in front of a node by a test
  { pkg: 'nginx', present: () => existsSync('/usr/sbin/nginx') },
];

// What `node scripts/package-test.mjs` needs besides: podman with runc (crun refuses this sandbox's hybrid
// cgroups), skopeo to load the OCI archives, mmdebstrap and umoci to build them. Only the package test asks.
export const PACKAGE_NEEDS = ['podman', 'runc', 'skopeo', 'mmdebstrap', 'umoci'].map((pkg) => ({
  pkg,
  present: () => hasCommand(pkg),
}));
// `--arm64` adds: qemu-user-static for the arm64 root file system and containers, the aarch64 cross compiler
// for better-sqlite3's addon, arch-test for mmdebstrap
export const PACKAGE_ARM64_NEEDS = [
  { pkg: 'qemu-user-static', present: () => existsSync('/usr/bin/qemu-aarch64-static') },
  { pkg: 'binfmt-support', present: () => hasCommand('update-binfmts') },
  { pkg: 'g++-aarch64-linux-gnu', present: () => hasCommand('aarch64-linux-gnu-g++') },
  // mmdebstrap asks it whether the foreign architecture runs (a Recommends, not pulled by --no-install-recommends)
  { pkg: 'arch-test', present: () => hasCommand('arch-test') },
];

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

export function ensureSystemDeps(needs = NEEDS) {
  const missing = needs.filter((n) => !n.present()).map((n) => n.pkg);
  if (missing.length === 0) return;
  const cmd = `flock /tmp/apt.lock apt-get update && flock /tmp/apt.lock apt-get install -y ${missing.join(' ')}`;
  const canApt = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (!canApt) {
    console.error(`[setup] the tests need Debian packages that are missing: ${missing.join(', ')}.`);
    console.error(`[setup] run as root:  ${cmd}`);
    process.exit(1);
  }
  console.log(`[setup] installing ${missing.join(', ')} with apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...missing],
  ]) {
    // one apt at a time on this machine: other installs wait on the same lock
    const r = spawnSync('flock', ['/tmp/apt.lock', 'apt-get', ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    });
    if (r.status !== 0) {
      console.error(`[setup] apt-get ${args.join(' ')} failed`);
      process.exit(1);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureSystemDeps();
