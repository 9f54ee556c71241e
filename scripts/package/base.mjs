// The base root file system of the images: Debian minbase + nodejs + tini + ca-certificates made by mmdebstrap
// from the Debian mirror, one tar per architecture, cached under .cache/package/base (named by what made it).
import { existsSync, mkdirSync, renameSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE, IMAGE_UID, log, MIRROR, run, runAsync, SUITE, sha } from './common.mjs';

export const BASE_PACKAGES = 'nodejs,tini,ca-certificates';

function baseArgs(arch) {
  return [
    '--variant=minbase',
    `--arch=${arch}`,
    `--include=${BASE_PACKAGES}`,
    '--dpkgopt=path-exclude=/usr/share/man/*',
    '--dpkgopt=path-exclude=/usr/share/doc/*',
    '--dpkgopt=path-include=/usr/share/doc/*/copyright',
    '--dpkgopt=path-exclude=/usr/share/locale/*',
    '--dpkgopt=path-exclude=/usr/share/info/*',
    // the non-root user the servers run as; written directly so no emulated binary has to run for it
    `--customize-hook=echo "smartthing:x:${IMAGE_UID}:${IMAGE_UID}:SmartThing:/var/lib/smartthing:/usr/sbin/nologin" >> "$1/etc/passwd"`,
    `--customize-hook=echo "smartthing:x:${IMAGE_UID}:" >> "$1/etc/group"`,
    `--customize-hook=echo "smartthing:!*:20000::::::" >> "$1/etc/shadow"`,
    '--customize-hook=rm -rf "$1"/var/cache/apt/* "$1"/var/lib/apt/lists/* "$1"/var/log/apt/* "$1"/var/log/dpkg.log',
  ];
}

/** The cache key of an architecture's base: what made it (suite, mirror, mmdebstrap's arguments). */
export function baseKey(arch) {
  return sha(JSON.stringify([SUITE, MIRROR, baseArgs(arch)])).slice(0, 12);
}

/** Where the base tar of an architecture is cached. */
export function baseTarPath(arch) {
  return join(CACHE, 'base', `${SUITE}-${arch}-${baseKey(arch)}.tar`);
}

const making = new Map();

/** The base tar of an architecture, made by mmdebstrap on the first run (about half a minute for amd64). */
export function baseRootfs(arch) {
  if (!making.has(arch)) making.set(arch, makeBase(arch));
  return making.get(arch);
}

async function makeBase(arch) {
  const out = baseTarPath(arch);
  if (existsSync(out)) return out;
  mkdirSync(join(CACHE, 'base'), { recursive: true });
  log(`mmdebstrap ${SUITE} minbase for ${arch} (first run only)...`);
  const tmp = `${out}.tmp`;
  rmSync(tmp, { force: true });
  await runAsync(
    'mmdebstrap',
    ['--quiet', '--format=tar', ...baseArgs(arch), SUITE, tmp, ...(MIRROR ? [MIRROR] : [])],
    {
      env: { ...process.env, ...memoryTmpdir() },
    },
  );
  renameSync(tmp, out);
  return out;
}

/**
 * mmdebstrap builds the tree in TMPDIR: in memory (/dev/shm, when it has room) dpkg's syncs and the final
 * removal cost nothing. Measured for amd64: 29 s against 55 s on the disk.
 */
function memoryTmpdir() {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    return bavail * bsize > 2 * 1024 ** 3 ? { TMPDIR: '/dev/shm' } : {};
  } catch {
    return {};
  }
}

/** The node version inside a base root file system (from dpkg's status file in the tar). */
export function baseNodeVersion(baseTar) {
  const status = run('tar', ['-xOf', baseTar, './var/lib/dpkg/status'], { quiet: true, maxBuffer: 64 << 20 });
  const m = status.match(/Package: nodejs\n(?:[^\n]+\n)*?Version: ([^\n]+)/);
  return m ? m[1] : 'unknown';
}
