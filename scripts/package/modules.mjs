// The app's files, the same in the image and in the package (/usr/lib/smartthing-<app>/): the bundle, the
// console build, the production node_modules (npm packages the bundle leaves external, at the versions
// installed here) and better-sqlite3's addon for the target architecture.
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  APP,
  CACHE,
  CROSS,
  ELF_MACHINE,
  HOST_ARCH,
  log,
  NODE_ARCH,
  root,
  run,
  runAsync,
  sha,
} from './common.mjs';

/** The Node major the addon is built for: the host's (its headers); the image's and the package's nodejs must match. */
export const ADDON_NODE_MAJOR = Number(process.versions.node.split('.')[0]);

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

function modulesDir(app) {
  const deps = runtimeDependencies(app);
  const key = sha(JSON.stringify({ deps, prune: PRUNE })).slice(0, 12);
  return { dir: join(CACHE, 'modules', `${app}-${key}`), deps };
}

/** The app's production node_modules, installed by npm (from its cache) on the first run; resolves with the dir. */
export async function productionModules(app) {
  const { dir, deps } = modulesDir(app);
  if (existsSync(join(dir, '.complete'))) return dir;
  log(`npm install --omit=dev for ${app} (${Object.keys(deps).length} packages)...`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: `smartthing-${app}`, private: true, type: 'module', dependencies: deps }, null, 2)}\n`,
  );
  // --ignore-scripts: the only native addon (better-sqlite3) gets its binary per architecture below
  await runAsync(
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
  await runAsync('find', [
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
  await runAsync('find', [nm, '-type', 'f', '(', ...anyName(PRUNE.files), ')', '-delete']);
  writeFileSync(join(dir, '.complete'), '');
  return dir;
}

function elfMachine(file) {
  return readFileSync(file).subarray(0, 20).readUInt16LE(18);
}

/** better_sqlite3.node for the target architecture: the host's own build, or cross-compiled and cached. */
export async function nativeAddon(arch) {
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
  const npmRoot = run('npm', ['root', '-g'], { quiet: true }).trim();
  const gyp = join(npmRoot, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  const t = CROSS[arch];
  // Node's own headers (as npm is set up here: npm config nodedir); node-gyp must not download them
  const nodedir = run('npm', ['config', 'get', 'nodedir'], { quiet: true }).trim();
  const headers = nodedir && nodedir !== 'undefined' ? nodedir : '/usr';
  if (!existsSync(join(headers, 'include', 'node', 'node.h')))
    throw new Error(`no Node headers in ${headers}/include/node`);
  await runAsync(
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

/** Copies the app's files into destDir (hard links where the source is only read from here on); `addon` from nativeAddon. */
export function stageAppFiles(app, arch, modules, addon, destDir) {
  mkdirSync(destDir, { recursive: true });
  for (const f of ['main.js', 'main.js.map'])
    copyFileSync(join(root, 'apps', app, 'dist', f), join(destDir, f));
  run('cp', ['-al', join(modules, 'node_modules'), join(destDir, 'node_modules')]);
  cpSync(join(modules, 'package.json'), join(destDir, 'package.json'));
  if (elfMachine(addon) !== ELF_MACHINE[arch]) throw new Error(`${addon} is not an ${arch} binary`);
  const release = join(destDir, 'node_modules', 'better-sqlite3', 'build', 'Release');
  mkdirSync(release, { recursive: true });
  copyFileSync(addon, join(release, 'better_sqlite3.node'));
  run('cp', ['-al', join(root, 'apps', 'web', 'dist'), join(destDir, 'web')]);
  writeFileSync(join(destDir, 'healthcheck.mjs'), healthcheckScript(app));
}

/** `node healthcheck.mjs`: exit 0 when the server answers GET /api/build on its port (the image's health check). */
function healthcheckScript(app) {
  return `// Health check of the ${app}: exit 0 when GET /api/build answers 200 on ST_PORT (default ${APP[app].port}).
const port = process.env.ST_PORT || '${APP[app].port}';
const ctl = AbortSignal.timeout(4000);
fetch(\`http://127.0.0.1:\${port}/api/build\`, { signal: ctl })
  .then((r) => process.exit(r.ok ? 0 : 1))
  .catch(() => process.exit(1));
`;
}
