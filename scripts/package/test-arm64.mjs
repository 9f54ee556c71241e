// `--arm64`: the arm64 images start under qemu-user-static and answer /api/build; the packages hold arm64 code.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './common.mjs';
import {
  check,
  fetchJson,
  freeTcpPort,
  must,
  RUN_OPTS,
  removeContainer,
  sh,
  tag,
  VERSION,
  waitFor,
} from './test-kit.mjs';

export async function testArm64(onCleanup) {
  const containers = [];
  const images = [];
  onCleanup(() => {
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
