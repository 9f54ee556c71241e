// `npm run package [-- --arch amd64|arm64] [--app gateway|cloud] [--no-image] [--no-deb] [--no-build] [--version V]`
//
// Builds the production bundles (scripts/build.mjs), then for each app (gateway, cloud):
//   - an OCI image (package/image.mjs): a Debian trixie minbase root file system made from the Debian mirror
//     with mmdebstrap (package/base.mjs: nodejs and tini from Debian, a user `smartthing` uid 10001), plus one
//     layer with the bundle, the console and the production node_modules (package/modules.mjs; better-sqlite3's
//     addon built for the target architecture), as one multi-arch OCI archive dist/smartthing-<app>.oci.tar
//     (tags `latest` = the index of all architectures, `amd64`, `arm64`);
//   - a Debian package dist/smartthing-<app>_<version>_<arch>.deb (package/deb.mjs).
// What does not change between runs is cached under .cache/package (gitignored): the base root file system
// and its image layer per architecture, the production node_modules per dependency set, and the addon per
// architecture and version. On a first run the base (mmdebstrap) and the npm installs run at the same time.
// Needs root and Debian's mmdebstrap, umoci, dpkg-deb; arm64 on an amd64 host also qemu-user-static (binfmt,
// for mmdebstrap's maintainer scripts) and g++-aarch64-linux-gnu (the addon is cross-compiled).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll } from './build.mjs';
import { baseNodeVersion, baseRootfs } from './package/base.mjs';
import {
  APP,
  APPS,
  CACHE,
  CROSS,
  DIST,
  HOST_ARCH,
  log,
  NODE_ARCH,
  root,
  SUITE,
  secondsSince,
} from './package/common.mjs';
import { buildDeb } from './package/deb.mjs';
import { buildImage } from './package/image.mjs';
import { ADDON_NODE_MAJOR, nativeAddon, productionModules, stageAppFiles } from './package/modules.mjs';

export { baseKey, baseTarPath } from './package/base.mjs';
export { APP, APPS, IMAGE_UID, MIRROR, SUITE } from './package/common.mjs';

function parseArgs(argv) {
  const opts = { arch: HOST_ARCH, apps: [], image: true, deb: true, build: true, version: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--arch') opts.arch = value();
    else if (a.startsWith('--arch=')) opts.arch = a.slice(7);
    else if (a === '--app') opts.apps.push(value());
    else if (a === '--no-image') opts.image = false;
    else if (a === '--no-deb') opts.deb = false;
    else if (a === '--no-build') opts.build = false;
    else if (a === '--version') opts.version = value();
    else
      throw new Error(
        `unknown argument ${a} (--arch amd64|arm64, --app gateway|cloud, --no-image, --no-deb, --no-build, --version V)`,
      );
  }
  if (!NODE_ARCH[opts.arch]) throw new Error(`--arch must be amd64 or arm64, not ${opts.arch}`);
  if (opts.apps.length === 0) opts.apps = [...APPS];
  for (const app of opts.apps) if (!APP[app]) throw new Error(`--app must be gateway or cloud, not ${app}`);
  return opts;
}

function requireTools(opts) {
  if (process.getuid?.() !== 0)
    throw new Error('packaging needs root (mmdebstrap, file owners in the image)');
  const need = ['dpkg-deb', 'tar'];
  if (opts.image) need.push('mmdebstrap', 'umoci');
  if (opts.arch !== HOST_ARCH) need.push(`${CROSS[opts.arch]}-g++`);
  const missing = need.filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0);
  if (
    opts.image &&
    opts.arch !== HOST_ARCH &&
    !existsSync(`/proc/sys/fs/binfmt_misc/qemu-${opts.arch === 'arm64' ? 'aarch64' : 'x86_64'}`)
  ) {
    missing.push('qemu-user-static (binfmt)');
  }
  if (missing.length > 0) {
    throw new Error(
      `missing tools: ${missing.join(', ')}. Install: apt-get install mmdebstrap umoci qemu-user-static ` +
        `binfmt-support g++-aarch64-linux-gnu (see docs/deploy.md "Building the images and packages")`,
    );
  }
}

export async function packageAll(argv) {
  const opts = parseArgs(argv);
  requireTools(opts);
  const started = Date.now();
  // the slow first-run steps (mmdebstrap, npm) need no bundle: they start before the build and overlap
  const timed = (what, promise) => {
    const t = Date.now();
    return promise.then((v) => {
      log(`${what} ready in ${secondsSince(t)}`);
      return v;
    });
  };
  const base = opts.image ? timed(`base ${opts.arch}`, baseRootfs(opts.arch)) : Promise.resolve(undefined);
  const modules = Object.fromEntries(
    opts.apps.map((app) => [app, timed(`${app} node_modules`, productionModules(app))]),
  );
  // better-sqlite3's addon: the host's build, or cross-compiled (arm64 on amd64: about a minute) meanwhile
  const addon = timed(`${opts.arch} addon`, nativeAddon(opts.arch));
  // (a failure is reported where it is awaited; these keep an early one from being "unhandled" meanwhile)
  for (const p of [base, addon, ...Object.values(modules)]) p.catch(() => {});
  // --no-build: package the bundles as they are (apps/*/dist, apps/web/dist)
  if (opts.build) {
    const t = Date.now();
    await buildAll();
    log(`bundles built in ${secondsSince(t)}`);
  }
  for (const app of opts.apps) {
    if (!existsSync(join(root, 'apps', app, 'dist', 'main.js')))
      throw new Error(`apps/${app}/dist/main.js missing after the build`);
  }
  if (!existsSync(join(root, 'apps', 'web', 'dist', 'index.html')))
    throw new Error('apps/web/dist missing after the build');
  if (opts.image) {
    const nodeVersion = baseNodeVersion(await base);
    log(`base: ${SUITE} ${opts.arch}, nodejs ${nodeVersion}`);
    // better-sqlite3's addon is built for this Node's ABI: the image's node must be the same major
    if (Number(nodeVersion.split('.')[0]) !== ADDON_NODE_MAJOR)
      throw new Error(
        `the image's nodejs is ${nodeVersion}; the addon is built by Node ${ADDON_NODE_MAJOR} here`,
      );
  }
  const outputs = [];
  for (const app of opts.apps) {
    // one staged tree per app: /usr/lib/smartthing-<app> goes into the image layer, then the package
    const stage = join(CACHE, 'stage', `${app}-${opts.arch}`);
    rmSync(stage, { recursive: true, force: true });
    try {
      let t = Date.now();
      stageAppFiles(
        app,
        opts.arch,
        await modules[app],
        await addon,
        join(stage, 'root', 'usr', 'lib', `smartthing-${app}`),
      );
      log(`${app}: files staged in ${secondsSince(t)}`);
      if (opts.image) {
        t = Date.now();
        await buildImage(app, opts.arch, opts, stage);
        log(`${app}: image in ${secondsSince(t)}`);
        outputs.push(join(DIST, `smartthing-${app}.oci.tar`));
      }
      if (opts.deb) {
        t = Date.now();
        outputs.push(buildDeb(app, opts.arch, opts, stage));
        log(`${app}: package in ${secondsSince(t)}`);
      }
    } finally {
      rmSync(stage, { recursive: true, force: true });
    }
  }
  log(`done in ${secondsSince(started)}`);
  return outputs;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  packageAll(process.argv.slice(2)).catch((e) => {
    console.error(`[package] ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  });
}
