// `node scripts/package-test.mjs [--no-build] [--full] [--arm64] [--report FILE]`: builds the amd64 images and
// .deb packages (scripts/package.mjs, reusing its caches) and tests them for real, one line per check, exit 1
// when any check fails. Three groups run at the same time, each in its own process: the image checks
// (package/test-image.mjs: the gateway image under podman), the .deb checks (package/test-deb.mjs: the packages
// in a systemd container) and the cloud checks (package/test-cloud.mjs: the cloud image as two nodes on
// PostgreSQL and Redis behind haproxy). `--arm64` instead: builds the arm64 forms and smoke-tests them under
// qemu-user-static (package/test-arm64.mjs; slow, outside the default CI). `--report FILE` writes
// {passed, failed, failures, skipped} for `npm test`'s totals. Needs root, podman, runc, skopeo, mmdebstrap,
// umoci (Debian packages, installed when missing) and, for the cloud checks, postgresql, redis-server and
// haproxy (as the rest of npm test); skips, saying why, only where podman cannot run at all. Leaves no
// container, volume or server behind.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, secondsSince } from './package/common.mjs';
import { testArm64 } from './package/test-arm64.mjs';
import { testDeb } from './package/test-deb.mjs';
import { testImage } from './package/test-image.mjs';
import { check, counts, phase, sh } from './package/test-kit.mjs';
import { ensureSystemDeps, PACKAGE_ARM64_NEEDS, PACKAGE_NEEDS } from './system-deps.mjs';

const argv = process.argv.slice(2);
const started = Date.now();
const reportAt = argv.includes('--report') ? argv[argv.indexOf('--report') + 1] : undefined;
const TOTALS = /^(\d+) passed, (\d+) failed$/;

function finish(skipped) {
  if (skipped) console.log(`skipped - package test: ${skipped}`);
  console.log(`package test: ${secondsSince(started)}`);
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
  if (reportAt) writeFileSync(reportAt, JSON.stringify({ ...counts, ...(skipped ? { skipped } : {}) }));
  process.exit(counts.failed > 0 ? 1 : 0);
}

/** Why this machine cannot run the package test at all, or undefined when it can (after installing what is missing). */
function cannotRun(arm64) {
  if (process.getuid?.() !== 0) return 'needs root (rootful podman, file owners in the packages)';
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (!hasApt && spawnSync('sh', ['-c', 'command -v podman']).status !== 0)
    return 'no podman and no apt-get to install it';
  ensureSystemDeps(arm64 ? [...PACKAGE_NEEDS, ...PACKAGE_ARM64_NEEDS] : PACKAGE_NEEDS);
  const info = sh('podman', ['info', '--format', '{{.Host.OCIRuntime.Name}}']);
  if (info.status !== 0) return `podman cannot run here: ${(info.err || info.out).split('\n')[0]}`;
  return undefined;
}

/** One group of checks in a child process (`--phase image|deb|cloud`), its lines passed on as they come; adds its counts. */
function childPhase(name) {
  return new Promise((resolve) => {
    // the cloud checks use @st/testkit (TypeScript): tsx loads it
    const loader = name === 'cloud' ? ['--import', 'tsx'] : [];
    const args = [...loader, process.argv[1], '--phase', name, ...argv.filter((a) => a === '--full')];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let rest = '';
    let totals;
    const line = (l) => {
      const m = l.match(TOTALS);
      if (m) totals = { passed: Number(m[1]), failed: Number(m[2]) };
      else console.log(l);
      if (l.startsWith('not ok - ')) counts.failures.push(l.slice(9).split(':')[0]);
    };
    child.stdout.on('data', (d) => {
      const lines = (rest + d).split('\n');
      rest = lines.pop() ?? '';
      for (const l of lines) line(l);
    });
    child.on('exit', (code) => {
      if (rest) line(rest);
      counts.passed += totals?.passed ?? 0;
      counts.failed += totals?.failed ?? 0;
      if (!totals || (code !== 0 && totals.failed === 0)) {
        console.log(`not ok - ${name} checks: exited ${code} without their totals`);
        counts.failed++;
        counts.failures.push(`${name} checks`);
      }
      resolve();
    });
  });
}

async function main() {
  const only = argv.includes('--phase') ? argv[argv.indexOf('--phase') + 1] : undefined;
  if (only) {
    const { testCloud } = only === 'cloud' ? await import('./package/test-cloud.mjs') : {};
    await phase({ image: testImage, deb: testDeb, cloud: testCloud }[only]).catch((e) =>
      check(`${only}: set-up`, () => Promise.reject(e)),
    );
    console.log(`${counts.passed} passed, ${counts.failed} failed`);
    process.exit(0);
  }
  const arm64 = argv.includes('--arm64');
  const arch = arm64 ? 'arm64' : 'amd64';
  const why = cannotRun(arm64);
  if (why) finish(why);
  if (arm64 && !existsSync('/proc/sys/fs/binfmt_misc/qemu-aarch64')) {
    // arm64 binaries run through qemu-user-static's binfmt entry (mmdebstrap's maintainer scripts, the containers)
    if (!existsSync('/proc/sys/fs/binfmt_misc/register')) {
      sh('mount', ['-t', 'binfmt_misc', 'binfmt_misc', '/proc/sys/fs/binfmt_misc']);
    }
    sh('update-binfmts', ['--enable', 'qemu-aarch64']);
  }
  const built = await check(
    `package: npm run package -- --arch ${arch} builds the images and the .debs`,
    () => {
      const passOn = argv.filter((a) => a === '--no-build' || a.startsWith('--version'));
      const args = [join(root, 'scripts', 'package.mjs'), '--arch', arch, ...passOn];
      const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
      // the package step's own timings (base, node_modules, images, packages) stay in the log
      for (const l of (r.stdout ?? '').split('\n'))
        if (l.startsWith('[package]') || l.startsWith('[build]')) console.log(`# ${l}`);
      if (r.status !== 0) throw new Error(`package.mjs exited ${r.status}: ${(r.stdout ?? '').slice(-1500)}`);
      return r.stdout.match(/done in [\d.]+ s/)?.[0];
    },
  );
  if (built && arm64) await phase(testArm64);
  else if (built) await Promise.all([childPhase('image'), childPhase('deb'), childPhase('cloud')]);
  finish();
}

main().catch((e) => {
  console.log(`not ok - package test: ${e instanceof Error ? e.message : e}`);
  counts.failed++;
  counts.failures.push('package test');
  finish();
});
