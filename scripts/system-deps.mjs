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

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

export function ensureSystemDeps() {
  const missing = NEEDS.filter((n) => !n.present()).map((n) => n.pkg);
  if (missing.length === 0) return;
  const cmd = `apt-get update && apt-get install -y ${missing.join(' ')}`;
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
    const r = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (r.status !== 0) {
      console.error(`[setup] apt-get ${args.join(' ')} failed`);
      process.exit(1);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureSystemDeps();
