// The OCI image of an app: the cached base layer (base.mjs) plus one layer with /usr/lib/smartthing-<app> and
// the data directory, written with umoci; each architecture's manifest joins the app's multi-arch layout in
// .cache/package/oci and dist/smartthing-<app>.oci.tar is packed from it (tags latest, amd64, arm64).
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
import { BASE_PACKAGES, baseRootfs } from './base.mjs';
import { APP, appVersion, CACHE, DIST, IMAGE_UID, log, root, run, SUITE, sha } from './common.mjs';

function umoci(args) {
  return run('umoci', args, { quiet: true });
}

/** An OCI layout holding the base layer for one architecture, tagged `base`; cached beside the base tar. */
async function baseLayout(arch) {
  const tar = await baseRootfs(arch);
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
    `mmdebstrap --variant=minbase --include=${BASE_PACKAGES} ${SUITE}`,
    tar,
  ]);
  writeFileSync(join(layout, '.complete'), '');
  return layout;
}

export async function buildImage(app, arch, opts, stage) {
  const layoutBase = await baseLayout(arch);
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
