// `npm run package [-- --arch amd64|arm64] [--app gateway|cloud] [--no-image] [--no-deb] [--no-build] [--version V]`
//
// Builds the production bundles (scripts/build.mjs), then for each app (gateway, cloud):
//   - an OCI image: a Debian trixie minbase root file system made from the Debian mirror with mmdebstrap
//     (nodejs and tini from Debian, a user `smartthing` uid 10001), plus one layer with the bundle, the console
//     and the production node_modules (better-sqlite3's addon built for the target architecture). Written with
//     umoci into an OCI layout kept in .cache/package/oci/<app> (one manifest per architecture built so far)
//     and packed as one multi-arch OCI archive: dist/smartthing-<app>.oci.tar (tags `latest` = the index of
//     all architectures, `amd64`, `arm64`).
//   - a Debian package dist/smartthing-<app>_<version>_<arch>.deb (dpkg-deb): /usr/lib/smartthing-<app>, a
//     systemd unit, the system user smartthing-<app>, /etc/smartthing/<app>.env (conffile) and
//     /var/lib/smartthing/<app>.
// What does not change between runs is cached under .cache/package (gitignored): the base root file system
// and its image layer per architecture, the production node_modules per dependency set, and the addon per
// architecture and version. Needs root and Debian's mmdebstrap, umoci, dpkg-deb; arm64 on an amd64 host
// also qemu-user-static (binfmt, for mmdebstrap's maintainer scripts) and g++-aarch64-linux-gnu (the addon
// is cross-compiled).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { buildAll } from './build.mjs';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
// ST_PACKAGE_CACHE puts the cache outside the checkout (CI keeps it across fresh clones)
const CACHE = process.env.ST_PACKAGE_CACHE ?? join(root, '.cache', 'package');
const DIST = join(root, 'dist');
export const APPS = ['gateway', 'cloud'];
export const SUITE = 'trixie';
// ST_DEBIAN_MIRROR: a Debian mirror URL; unset, mmdebstrap's default mirror
export const MIRROR = process.env.ST_DEBIAN_MIRROR ?? '';
/** uid and gid of the non-root user inside the images. */
export const IMAGE_UID = 10001;
const HOST_ARCH = { x64: 'amd64', arm64: 'arm64' }[process.arch];
const NODE_ARCH = { amd64: 'x64', arm64: 'arm64' };
const ELF_MACHINE = { amd64: 0x3e, arm64: 0xb7 };
const CROSS = { arm64: 'aarch64-linux-gnu', amd64: 'x86_64-linux-gnu' };

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

function log(msg) {
  console.log(`[package] ${msg}`);
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', ...opts });
  if (r.error) throw new Error(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) {
    const out = opts.quiet ? `\n${r.stdout}${r.stderr}`.slice(-4000) : '';
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}${out}`);
  }
  return r.stdout?.toString() ?? '';
}

const sha = (text) => createHash('sha256').update(text).digest('hex');

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

// ---------------------------------------------------------------------------------------------------------
// Base root file system (Debian minbase + nodejs + tini), one tar per architecture, cached.

function baseArgs(arch) {
  return [
    '--variant=minbase',
    `--arch=${arch}`,
    '--include=nodejs,tini,ca-certificates',
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

/** Where the base tar of an architecture is cached: named by what made it. */
export function baseTarPath(arch) {
  const key = sha(JSON.stringify([SUITE, MIRROR, baseArgs(arch)])).slice(0, 12);
  return join(CACHE, 'base', `${SUITE}-${arch}-${key}.tar`);
}

export function baseRootfs(arch) {
  const args = baseArgs(arch);
  const out = baseTarPath(arch);
  if (existsSync(out)) return out;
  mkdirSync(join(CACHE, 'base'), { recursive: true });
  log(`mmdebstrap ${SUITE} minbase for ${arch} (first run only; a few minutes)...`);
  const tmp = `${out}.tmp`;
  rmSync(tmp, { force: true });
  run('mmdebstrap', ['--quiet', '--format=tar', ...args, SUITE, tmp, ...(MIRROR ? [MIRROR] : [])]);
  renameSync(tmp, out);
  return out;
}

/** The node version inside a base root file system (from dpkg's status file in the tar). */
export function baseNodeVersion(baseTar) {
  const status = run('tar', ['-xOf', baseTar, './var/lib/dpkg/status'], { quiet: true, maxBuffer: 64 << 20 });
  const m = status.match(/Package: nodejs\n(?:[^\n]+\n)*?Version: ([^\n]+)/);
  return m ? m[1] : 'unknown';
}

// ---------------------------------------------------------------------------------------------------------
// Production node_modules per app: the npm packages the bundle leaves external, at the versions installed here.

function workspacePkg(dir) {
  return JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
}

export function runtimeDependencies(app) {
  const names = new Set();
  const seen = new Set();
  const visit = (dir) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    for (const name of Object.keys(workspacePkg(dir).dependencies ?? {})) {
      if (name.startsWith('@types/')) continue;
      if (name.startsWith('@st/')) visit(join('packages', name.slice(4)));
      else names.add(name);
    }
  };
  visit(join('apps', app));
  const deps = {};
  for (const name of [...names].sort()) {
    const local = [join(root, 'apps', app, 'node_modules', name), join(root, 'node_modules', name)].find(
      (d) => existsSync(join(d, 'package.json')),
    );
    if (!local) throw new Error(`${name} is not installed: run npm install first`);
    deps[name] = JSON.parse(readFileSync(join(local, 'package.json'), 'utf8')).version;
  }
  return deps;
}

/** What is removed from the production node_modules (part of their cache key). */
const PRUNE = {
  dirs: ['test', 'tests', '__tests__', '.github', 'benchmarks', 'bench', 'example', 'examples', 'docs'],
  files: [
    '*.d.ts',
    '*.d.mts',
    '*.d.cts',
    '*.map',
    '*.md',
    '*.markdown',
    '.eslintrc*',
    '.prettierrc*',
    'tsconfig.json',
  ],
};

function productionModules(app) {
  const deps = runtimeDependencies(app);
  const key = sha(JSON.stringify({ deps, prune: PRUNE })).slice(0, 12);
  const dir = join(CACHE, 'modules', `${app}-${key}`);
  if (existsSync(join(dir, '.complete'))) return { dir, deps };
  log(`npm install --omit=dev for ${app} (${Object.keys(deps).length} packages)...`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: `smartthing-${app}`, private: true, type: 'module', dependencies: deps }, null, 2)}\n`,
  );
  // --ignore-scripts: the only native addon (better-sqlite3) gets its binary per architecture below
  run(
    'npm',
    [
      'install',
      '--omit=dev',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
    ],
    { cwd: dir, env: { ...process.env, npm_config_workspaces: 'false' } },
  );
  // better-sqlite3's C sources and build files are not needed at run time
  const bs = join(dir, 'node_modules', 'better-sqlite3');
  for (const sub of ['deps', 'src', 'build', 'binding.gyp'])
    rmSync(join(bs, sub), { recursive: true, force: true });
  // fewer files for dpkg and the image layer: type declarations, source maps, docs and the packages' own tests
  const nm = join(dir, 'node_modules');
  const anyName = (names) => names.flatMap((n, k) => (k ? ['-o', '-name', n] : ['-name', n]));
  run('find', [
    nm,
    '-depth',
    '-type',
    'd',
    '(',
    ...anyName(PRUNE.dirs),
    ')',
    '-exec',
    'rm',
    '-rf',
    '{}',
    '+',
  ]);
  run('find', [nm, '-type', 'f', '(', ...anyName(PRUNE.files), ')', '-delete']);
  writeFileSync(join(dir, '.complete'), '');
  return { dir, deps };
}

function elfMachine(file) {
  const b = readFileSync(file).subarray(0, 20);
  return b.readUInt16LE(18);
}

/** better_sqlite3.node for the target architecture: the host's own build, or cross-compiled and cached. */
export function nativeAddon(arch) {
  const src = join(root, 'node_modules', 'better-sqlite3');
  const version = JSON.parse(readFileSync(join(src, 'package.json'), 'utf8')).version;
  const hostBuild = join(src, 'build', 'Release', 'better_sqlite3.node');
  if (arch === HOST_ARCH && existsSync(hostBuild)) return hostBuild;
  const out = join(CACHE, 'native', `better-sqlite3-${version}-node${process.versions.modules}-${arch}.node`);
  if (existsSync(out)) return out;
  log(`cross-compiling better-sqlite3 ${version} for ${arch} (first run only)...`);
  const work = join(CACHE, 'native', `work-${arch}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  for (const f of ['binding.gyp', 'deps', 'src', 'package.json'])
    cpSync(join(src, f), join(work, f), { recursive: true });
  const gyp = join(
    run('npm', ['root', '-g'], { quiet: true }).trim(),
    'npm',
    'node_modules',
    'node-gyp',
    'bin',
    'node-gyp.js',
  );
  const t = CROSS[arch];
  // Node's own headers (as npm is set up here: npm config nodedir); node-gyp must not download them
  const nodedir = run('npm', ['config', 'get', 'nodedir'], { quiet: true }).trim();
  const headers = nodedir && nodedir !== 'undefined' ? nodedir : '/usr';
  if (!existsSync(join(headers, 'include', 'node', 'node.h')))
    throw new Error(`no Node headers in ${headers}/include/node`);
  run(
    process.execPath,
    [gyp, 'rebuild', `--arch=${NODE_ARCH[arch]}`, '--release', '--jobs=1', `--nodedir=${headers}`],
    {
      cwd: work,
      env: {
        ...process.env,
        CC: `${t}-gcc`,
        CXX: `${t}-g++`,
        LINK: `${t}-g++`,
        AR: `${t}-ar`,
        STRIP: `${t}-strip`,
      },
    },
  );
  const built = join(work, 'build', 'Release', 'better_sqlite3.node');
  run(`${t}-strip`, ['--strip-unneeded', built]);
  copyFileSync(built, out);
  rmSync(work, { recursive: true, force: true });
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// The app's files, the same in the image and in the package: /usr/lib/smartthing-<app>/

function appVersion(opts) {
  return opts.version ?? JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
}

function stageAppFiles(app, arch, destDir) {
  const { dir: modules } = productionModules(app);
  mkdirSync(destDir, { recursive: true });
  for (const f of ['main.js', 'main.js.map']) {
    copyFileSync(join(root, 'apps', app, 'dist', f), join(destDir, f));
  }
  // hard links: the cached modules and the console build are only read from here on
  run('cp', ['-al', join(modules, 'node_modules'), join(destDir, 'node_modules')]);
  cpSync(join(modules, 'package.json'), join(destDir, 'package.json'));
  const addon = nativeAddon(arch);
  if (elfMachine(addon) !== ELF_MACHINE[arch]) throw new Error(`${addon} is not an ${arch} binary`);
  const release = join(destDir, 'node_modules', 'better-sqlite3', 'build', 'Release');
  mkdirSync(release, { recursive: true });
  copyFileSync(addon, join(release, 'better_sqlite3.node'));
  run('cp', ['-al', join(root, 'apps', 'web', 'dist'), join(destDir, 'web')]);
  writeFileSync(join(destDir, 'healthcheck.mjs'), healthcheckScript(app));
}

/** `node healthcheck.mjs`: exit 0 when the server answers GET /api/build on its port (the image's HEALTHCHECK). */
function healthcheckScript(app) {
  return `// Health check of the ${app}: exit 0 when GET /api/build answers 200 on ST_PORT (default ${APP[app].port}).
const port = process.env.ST_PORT || '${APP[app].port}';
const ctl = AbortSignal.timeout(4000);
fetch(\`http://127.0.0.1:\${port}/api/build\`, { signal: ctl })
  .then((r) => process.exit(r.ok ? 0 : 1))
  .catch(() => process.exit(1));
`;
}

// ---------------------------------------------------------------------------------------------------------
// OCI image

function umoci(args) {
  return run('umoci', args, { quiet: true });
}

/** An OCI layout holding the base layer for one architecture, tagged `base`; cached beside the base tar. */
function baseLayout(arch) {
  const tar = baseRootfs(arch);
  const layout = tar.replace(/\.tar$/, '.oci');
  if (existsSync(join(layout, '.complete'))) return layout;
  log(`compressing the ${arch} base layer...`);
  rmSync(layout, { recursive: true, force: true });
  umoci(['init', '--layout', layout]);
  umoci(['new', '--image', `${layout}:base`]);
  umoci([
    'raw',
    'add-layer',
    '--image',
    `${layout}:base`,
    '--history.created_by',
    `mmdebstrap --variant=minbase --include=nodejs,tini,ca-certificates ${SUITE}`,
    tar,
  ]);
  writeFileSync(join(layout, '.complete'), '');
  return layout;
}

function buildImage(app, arch, opts, stage) {
  const layoutBase = baseLayout(arch);
  const dataDir = join(stage, 'root', 'var', 'lib', 'smartthing', app);
  mkdirSync(dataDir, { recursive: true });
  chownSync(join(stage, 'root', 'var', 'lib', 'smartthing'), IMAGE_UID, IMAGE_UID);
  chownSync(dataDir, IMAGE_UID, IMAGE_UID);
  chmodSync(dataDir, 0o750);
  const layerTar = join(stage, 'layer.tar');
  const epoch = Math.floor(statSync(join(root, 'apps', app, 'dist', 'main.js')).mtimeMs / 1000);
  run('tar', [
    '--numeric-owner',
    '--sort=name',
    `--mtime=@${epoch}`,
    '--clamp-mtime',
    '-C',
    join(stage, 'root'),
    '-cf',
    layerTar,
    `./usr/lib/smartthing-${app}`,
    './var',
  ]);
  rmSync(join(stage, 'root', 'var'), { recursive: true, force: true });
  const work = join(stage, 'oci');
  cpSync(layoutBase, work, { recursive: true });
  umoci([
    'raw',
    'add-layer',
    '--image',
    `${work}:base`,
    '--tag',
    'app',
    '--history.created_by',
    `smartthing-${app} ${appVersion(opts)}`,
    layerTar,
  ]);
  const env = [
    'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    'NODE_ENV=production',
    `ST_PORT=${APP[app].port}`,
    'ST_HOST=0.0.0.0',
    `ST_DATA_DIR=/var/lib/smartthing/${app}`,
    `ST_WEB_DIST=/usr/lib/smartthing-${app}/web`,
  ];
  const cfg = [
    'config',
    '--image',
    `${work}:app`,
    '--architecture',
    arch,
    '--os',
    'linux',
    '--author',
    'SmartThing',
    '--config.user',
    `${IMAGE_UID}:${IMAGE_UID}`,
    '--config.workingdir',
    `/var/lib/smartthing/${app}`,
    '--config.volume',
    `/var/lib/smartthing/${app}`,
    '--config.exposedports',
    `${APP[app].port}/tcp`,
    '--config.stopsignal',
    'SIGTERM',
    // tini is PID 1: it forwards SIGTERM to node (which drains and stops) and reaps orphans
    '--config.entrypoint',
    '/usr/bin/tini',
    '--config.entrypoint',
    '--',
    '--config.entrypoint',
    '/usr/bin/node',
    ...APP[app].nodeArgs.flatMap((a) => ['--config.entrypoint', a]),
    '--config.entrypoint',
    `/usr/lib/smartthing-${app}/main.js`,
    '--clear',
    'config.cmd',
    ...env.flatMap((e) => ['--config.env', e]),
    '--config.label',
    `org.opencontainers.image.title=smartthing-${app}`,
    '--config.label',
    `org.opencontainers.image.version=${appVersion(opts)}`,
    '--config.label',
    `org.opencontainers.image.description=${APP[app].description}`,
    // OCI image configs have no HEALTHCHECK field: the command is named here and given to the runtime
    // (`--health-cmd`, compose `healthcheck:`), see docs/deploy.md
    '--config.label',
    `org.smartthing.healthcheck=node /usr/lib/smartthing-${app}/healthcheck.mjs`,
    '--no-history',
  ];
  umoci(cfg);
  const manifestDesc = readIndex(work).manifests.find(
    (m) => m.annotations?.['org.opencontainers.image.ref.name'] === 'app',
  );
  addToMultiArch(app, arch, work, manifestDesc);
  rmSync(work, { recursive: true, force: true });
  rmSync(layerTar, { force: true });
}

function readIndex(layout) {
  return JSON.parse(readFileSync(join(layout, 'index.json'), 'utf8'));
}

function blobPath(layout, digest) {
  return join(layout, 'blobs', ...digest.split(':'));
}

function readBlob(layout, digest) {
  return JSON.parse(readFileSync(blobPath(layout, digest), 'utf8'));
}

/** Puts this architecture's manifest into the app's multi-arch layout and writes dist/smartthing-<app>.oci.tar. */
function addToMultiArch(app, arch, work, desc) {
  const layout = join(CACHE, 'oci', `smartthing-${app}`);
  mkdirSync(join(layout, 'blobs', 'sha256'), { recursive: true });
  writeFileSync(join(layout, 'oci-layout'), '{"imageLayoutVersion":"1.0.0"}');
  const manifest = readBlob(work, desc.digest);
  for (const d of [desc.digest, manifest.config.digest, ...manifest.layers.map((l) => l.digest)]) {
    const to = blobPath(layout, d);
    if (!existsSync(to)) copyFileSync(blobPath(work, d), to);
  }
  const archFile = join(layout, 'arches.json');
  const arches = existsSync(archFile) ? JSON.parse(readFileSync(archFile, 'utf8')) : {};
  arches[arch] = {
    mediaType: 'application/vnd.oci.image.manifest.v1+json',
    digest: desc.digest,
    size: desc.size,
    platform: { architecture: arch, os: 'linux', ...(arch === 'arm64' ? { variant: 'v8' } : {}) },
  };
  writeFileSync(archFile, `${JSON.stringify(arches, null, 2)}\n`);
  const list = Object.keys(arches)
    .sort()
    .map((a) => arches[a]);
  const nested = `${JSON.stringify({ schemaVersion: 2, mediaType: 'application/vnd.oci.image.index.v1+json', manifests: list })}`;
  const nestedDigest = `sha256:${sha(nested)}`;
  writeFileSync(blobPath(layout, nestedDigest), nested);
  const ref = (name) => ({ 'org.opencontainers.image.ref.name': name });
  const index = {
    schemaVersion: 2,
    mediaType: 'application/vnd.oci.image.index.v1+json',
    manifests: [
      {
        mediaType: 'application/vnd.oci.image.index.v1+json',
        digest: nestedDigest,
        size: Buffer.byteLength(nested),
        annotations: ref('latest'),
      },
      ...list.map((m) => ({ ...m, annotations: ref(m.platform.architecture) })),
    ],
  };
  writeFileSync(join(layout, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
  // drop blobs no manifest references any more (older builds)
  const keep = new Set([nestedDigest]);
  for (const m of list) {
    keep.add(m.digest);
    const man = readBlob(layout, m.digest);
    keep.add(man.config.digest);
    for (const l of man.layers) keep.add(l.digest);
  }
  for (const f of readdirSync(join(layout, 'blobs', 'sha256'))) {
    if (!keep.has(`sha256:${f}`)) rmSync(join(layout, 'blobs', 'sha256', f));
  }
  mkdirSync(DIST, { recursive: true });
  const out = join(DIST, `smartthing-${app}.oci.tar`);
  run('tar', [
    '--numeric-owner',
    '--owner=0',
    '--group=0',
    '-C',
    layout,
    '-cf',
    `${out}.tmp`,
    'oci-layout',
    'index.json',
    'blobs',
  ]);
  renameSync(`${out}.tmp`, out);
  log(`${out.slice(root.length + 1)} (${Object.keys(arches).sort().join(', ')})`);
}

// ---------------------------------------------------------------------------------------------------------
// Debian package

function unitFile(app) {
  const a = APP[app];
  return `[Unit]
Description=${a.description.split(':')[0]}
Documentation=file:///usr/share/doc/smartthing-${app}/README.md
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
User=smartthing-${app}
Group=smartthing-${app}
WorkingDirectory=/var/lib/smartthing/${app}
Environment=NODE_ENV=production
Environment=ST_DATA_DIR=/var/lib/smartthing/${app}
Environment=ST_WEB_DIST=/usr/lib/smartthing-${app}/web
# settings (apps/${app}/README.md); this file wins over the lines above
EnvironmentFile=-/etc/smartthing/${app}.env
ExecStart=/usr/bin/node ${[...a.nodeArgs, `/usr/lib/smartthing-${app}/main.js`].join(' ')}
Restart=always
RestartSec=2
KillSignal=SIGTERM
TimeoutStopSec=${a.stopTimeout}
NoNewPrivileges=true
ProtectSystem=strict
ProtectHome=true
ReadWritePaths=/var/lib/smartthing/${app}
PrivateTmp=true

[Install]
WantedBy=multi-user.target
`;
}

function envFile(app) {
  const lines = [
    `# Settings of smartthing-${app}: every variable of apps/${app}/README.md ("Settings") may go here.`,
    `# A change needs: systemctl restart smartthing-${app}`,
    `ST_PORT=${app === 'cloud' ? 8081 : 8080}`,
  ];
  if (app === 'gateway') {
    lines.push(
      '# the LAN address devices are on (multicast discovery); the OS default when unset',
      '#ST_MULTICAST_IF=192.168.1.20',
      '#ST_GATEWAY_PASSWORD=',
      '#ST_MQTT_URL=mqtt://127.0.0.1:1883',
    );
  } else {
    lines.push(
      '# only the TLS proxy in front should reach it (docs/deploy.md)',
      'ST_HOST=127.0.0.1',
      '# the first user on an empty database',
      '#ST_ADMIN_PASSWORD=change-me-now',
      '#ST_TRUST_PROXY=true',
      '# several nodes: PostgreSQL and Redis, the same ST_SECRET everywhere',
      '#DATABASE_URL=postgres://smartthing:secret@10.0.0.5:5432/smartthing',
      '#REDIS_URL=redis://10.0.0.6:6379',
      '#ST_SECRET=',
    );
  }
  return `${lines.join('\n')}\n`;
}

function maintainerScripts(app) {
  const user = `smartthing-${app}`;
  const unit = `smartthing-${app}.service`;
  const data = `/var/lib/smartthing/${app}`;
  const postinst = `#!/bin/sh
set -e
if [ "$1" = configure ]; then
  if ! getent group ${user} >/dev/null; then groupadd --system ${user}; fi
  if ! getent passwd ${user} >/dev/null; then
    useradd --system --gid ${user} --home-dir ${data} --no-create-home --shell /usr/sbin/nologin \\
      --comment "SmartThing ${app}" ${user}
  fi
  mkdir -p ${data}
  chown ${user}:${user} ${data}
  chmod 0750 ${data}
  chown root:${user} /etc/smartthing/${app}.env
  chmod 0640 /etc/smartthing/${app}.env
fi
if [ -d /run/systemd/system ]; then
  systemctl daemon-reload >/dev/null || true
  if [ -z "$2" ]; then
    # first install: enabled and started
    systemctl enable ${unit} >/dev/null || true
    systemctl start ${unit} || true
  elif systemctl is-enabled --quiet ${unit}; then
    # upgrade: the new version runs (it was stopped by the old prerm)
    systemctl restart ${unit} || true
  fi
fi
exit 0
`;
  const prerm = `#!/bin/sh
set -e
if [ -d /run/systemd/system ]; then
  systemctl stop ${unit} >/dev/null 2>&1 || true
fi
exit 0
`;
  const postrm = `#!/bin/sh
set -e
if [ "$1" = remove ] || [ "$1" = purge ]; then
  if [ -d /run/systemd/system ]; then
    if [ "$1" = purge ] || [ "$1" = remove ]; then systemctl disable ${unit} >/dev/null 2>&1 || true; fi
    systemctl daemon-reload >/dev/null 2>&1 || true
    systemctl reset-failed ${unit} >/dev/null 2>&1 || true
  fi
fi
if [ "$1" = purge ]; then
  rm -rf ${data}
  rmdir /var/lib/smartthing 2>/dev/null || true
  rmdir /etc/smartthing 2>/dev/null || true
  if getent passwd ${user} >/dev/null; then userdel ${user} >/dev/null 2>&1 || true; fi
  if getent group ${user} >/dev/null; then groupdel ${user} >/dev/null 2>&1 || true; fi
fi
exit 0
`;
  return { postinst, prerm, postrm };
}

function buildDeb(app, arch, opts, stageDir) {
  const version = appVersion(opts);
  const stage = join(stageDir, 'root');
  mkdirSync(join(stage, 'usr', 'lib', 'systemd', 'system'), { recursive: true });
  writeFileSync(join(stage, 'usr', 'lib', 'systemd', 'system', `smartthing-${app}.service`), unitFile(app));
  mkdirSync(join(stage, 'etc', 'smartthing'), { recursive: true });
  writeFileSync(join(stage, 'etc', 'smartthing', `${app}.env`), envFile(app));
  mkdirSync(join(stage, 'usr', 'share', 'doc', `smartthing-${app}`), { recursive: true });
  copyFileSync(
    join(root, 'apps', app, 'README.md'),
    join(stage, 'usr', 'share', 'doc', `smartthing-${app}`, 'README.md'),
  );
  const deb = join(stage, 'DEBIAN');
  mkdirSync(deb);
  const sizeKb = Math.ceil(
    Number(run('du', ['-sk', '--exclude=DEBIAN', stage], { quiet: true }).split('\t')[0]),
  );
  writeFileSync(
    join(deb, 'control'),
    `Package: smartthing-${app}
Version: ${version}
Architecture: ${arch}
Maintainer: SmartThing <smartthing@localhost>
Installed-Size: ${sizeKb}
Depends: nodejs (>= 20.19), passwd, ca-certificates
Section: net
Priority: optional
Homepage: https://localhost/smartthing
Description: ${APP[app].description.split(':')[0]}
 ${APP[app].description.split(': ')[1]}.
 Runs as the system user smartthing-${app} under systemd (smartthing-${app}.service);
 settings in /etc/smartthing/${app}.env, data in /var/lib/smartthing/${app}.
`,
  );
  writeFileSync(join(deb, 'conffiles'), `/etc/smartthing/${app}.env\n`);
  for (const [name, text] of Object.entries(maintainerScripts(app))) {
    writeFileSync(join(deb, name), text);
    chmodSync(join(deb, name), 0o755);
  }
  mkdirSync(DIST, { recursive: true });
  const out = join(DIST, `smartthing-${app}_${version}_${arch}.deb`);
  run('dpkg-deb', ['--root-owner-group', '-Zgzip', '-z6', '--build', stage, out], { quiet: true });
  log(out.slice(root.length + 1));
  return out;
}

export async function packageAll(argv) {
  const opts = parseArgs(argv);
  requireTools(opts);
  const started = Date.now();
  // --no-build: package the bundles as they are (apps/*/dist, apps/web/dist)
  if (opts.build) await buildAll();
  for (const app of opts.apps) {
    for (const f of ['main.js']) {
      if (!existsSync(join(root, 'apps', app, 'dist', f)))
        throw new Error(`apps/${app}/dist/${f} missing after the build`);
    }
  }
  if (!existsSync(join(root, 'apps', 'web', 'dist', 'index.html')))
    throw new Error('apps/web/dist missing after the build');
  if (opts.image) log(`base: ${SUITE} ${opts.arch}, nodejs ${baseNodeVersion(baseRootfs(opts.arch))}`);
  const outputs = [];
  for (const app of opts.apps) {
    // one staged tree per app: /usr/lib/smartthing-<app> goes into the image layer, then the package
    const stage = join(CACHE, 'stage', `${app}-${opts.arch}`);
    rmSync(stage, { recursive: true, force: true });
    try {
      let t = Date.now();
      stageAppFiles(app, opts.arch, join(stage, 'root', 'usr', 'lib', `smartthing-${app}`));
      log(`${app}: files staged in ${((Date.now() - t) / 1000).toFixed(1)} s`);
      if (opts.image) {
        t = Date.now();
        buildImage(app, opts.arch, opts, stage);
        log(`${app}: image in ${((Date.now() - t) / 1000).toFixed(1)} s`);
        outputs.push(join(DIST, `smartthing-${app}.oci.tar`));
      }
      if (opts.deb) {
        t = Date.now();
        outputs.push(buildDeb(app, opts.arch, opts, stage));
        log(`${app}: package in ${((Date.now() - t) / 1000).toFixed(1)} s`);
      }
    } finally {
      rmSync(stage, { recursive: true, force: true });
    }
  }
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return outputs;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  packageAll(process.argv.slice(2)).catch((e) => {
    console.error(`[package] ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  });
}
