// What the packaging scripts share: paths, the two apps' differences, and running commands.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
// ST_PACKAGE_CACHE puts the cache outside the checkout (CI keeps it across fresh clones)
export const CACHE = process.env.ST_PACKAGE_CACHE ?? join(root, '.cache', 'package');
export const DIST = join(root, 'dist');
export const APPS = ['gateway', 'cloud'];
export const SUITE = 'trixie';
// ST_DEBIAN_MIRROR: a Debian mirror URL; unset, mmdebstrap's default mirror
export const MIRROR = process.env.ST_DEBIAN_MIRROR ?? '';
/** uid and gid of the non-root user inside the images. */
export const IMAGE_UID = 10001;
export const HOST_ARCH = { x64: 'amd64', arm64: 'arm64' }[process.arch];
export const NODE_ARCH = { amd64: 'x64', arm64: 'arm64' };
export const ELF_MACHINE = { amd64: 0x3e, arm64: 0xb7 };
export const CROSS = { arm64: 'aarch64-linux-gnu', amd64: 'x86_64-linux-gnu' };

/** What differs between the two apps, in the image and in the package. */
export const APP = {
  gateway: {
    port: 8080,
    description: 'SmartThing gateway: finds SmartThingLib devices on the LAN and serves the console',
    nodeArgs: [],
    stopTimeout: 20,
  },
  cloud: {
    port: 8080,
    description: 'SmartThing cloud: users, gateways, the relay and the console in cloud mode',
    // the same node option as `npm run cloud` (scripts/node-args.mjs, docs/deploy.md "Node options")
    nodeArgs: ['--initial-old-space-size=128'],
    stopTimeout: 30,
  },
};

export function log(msg) {
  console.log(`[package] ${msg}`);
}

function failure(cmd, args, status, out) {
  return new Error(`${cmd} ${args.join(' ')} exited ${status}${out ? `\n${out.slice(-4000)}` : ''}`);
}

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', ...opts });
  if (r.error) throw new Error(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) throw failure(cmd, args, r.status, opts.quiet ? `${r.stdout}${r.stderr}` : '');
  return r.stdout?.toString() ?? '';
}

/** `run` without blocking: independent steps (the base root file system, the npm installs) overlap. */
export function runAsync(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    child.on('error', (e) => reject(new Error(`${cmd}: ${e.message}`)));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(failure(cmd, args, code, out))));
  });
}

export const sha = (text) => createHash('sha256').update(text).digest('hex');

export function appVersion(opts) {
  return opts.version ?? JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
}

/** Seconds since `t` (Date.now()), for the step timings the scripts print. */
export const secondsSince = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;
