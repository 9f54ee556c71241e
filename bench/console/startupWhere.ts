/**
 * Where the time to the device list goes, per script and per source package: a gateway with 300 simulated
 * devices serving one console build, /panel opened at 4x CPU with a CPU profile (CDP) in a fresh context per
 * navigation. Prints per navigation: the list's time, the requests (start -> end from navigation), and the
 * sampled main-thread time by chunk file; when the build has source maps (`npx vite build --sourcemap
 * --outDir <dir>` in apps/web), also by source package (zod, react-dom, i18next, @st/protocol, our
 * features...), the inclusive time of each chunk's top-level evaluation (module evaluation), the native DOM
 * calls by their script caller (e.g. appendChild from Vite's preload helper) and a 500 ms timeline.
 * The first navigation after the fleet starts is slower for every build (the gateway is still busy with the
 * new devices): compare navigations by their number. ST_WHERE_SAVE=<dir> keeps each .cpuprofile.
 * source-map-js is the one Vite's toolchain already installs.
 *
 *   node --import tsx bench/console/startupWhere.ts <dist> [navigations]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { launchChromium } from '../lib/chromium';
import { startListFleet } from './listFleet';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

const [distArg, runsArg] = process.argv.slice(2);
if (distArg === undefined) throw new Error('usage: startupWhere.ts <dist> [navigations]');
const dist = distArg;
const runs = Number(runsArg ?? 1);

const maps = new Map<string, SourceMapConsumer | null>();
/** The source package a profile frame belongs to, through the chunk's source map (the chunk file if none). */
function origin(f: ProfileNode['callFrame']): string {
  const file = f.url.split('/').pop() ?? '';
  if (!file.endsWith('.js')) return f.url === '' ? `(${f.functionName || 'native'})` : file;
  if (!maps.has(file)) {
    const path = join(dist, 'assets', `${file}.map`);
    maps.set(file, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null);
  }
  const map = maps.get(file);
  if (!map) return file;
  const pos = map.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
  const src = pos.source ?? '';
  if (src === '') return `${file}?`;
  const nm = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(src);
  if (nm) return nm[1] as string;
  const own = /(packages\/[^/]+|apps\/web\/src\/(features\/[^/]+|[^/]+))/.exec(src);
  return own ? (own[1] as string) : src;
}

const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`)
    .join('\n');

const dir = mkdtempSync(join(tmpdir(), 'st-bench-startup-where-'));
const fleet = await startListFleet(dir, dist);
const browser = await launchChromium();
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const requests: string[] = [];
    let t0 = 0;
    const since = () => Math.round(Date.now() - t0);
    const starts = new Map<unknown, number>();
    page.on('request', (r) => starts.set(r, since()));
    page.on('requestfinished', (r) =>
      requests.push(
        `${String(starts.get(r)).padStart(6)} -> ${String(since()).padStart(6)}  ${r.url().replace(fleet.gatewayUrl, '')}`,
      ),
    );
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
    t0 = Date.now();
    await page.goto(`${fleet.gatewayUrl}/panel`);
    await page
      .getByRole('button', { name: /^Open device / })
      .first()
      .waitFor({ timeout: 90_000 });
    const listMs = since();
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    await context.close();
    // ST_WHERE_SAVE=<dir>: keep the profile (<dir>/profile-<n>.cpuprofile, opens in Chromium's DevTools)
    if (process.env.ST_WHERE_SAVE)
      writeFileSync(
        join(process.env.ST_WHERE_SAVE, `profile-${run + 1}.cpuprofile`),
        JSON.stringify(profile),
      );
    console.log(`\n=== ${dist} navigation ${run + 1}: list visible after ${listMs} ms`);
    console.log(requests.sort((a, b) => Number(a.slice(0, 6)) - Number(b.slice(0, 6))).join('\n'));
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const byChunk = new Map<string, number>();
    const byOrigin = new Map<string, number>();
    // a chunk's top-level code (module evaluation): the outermost frame of a sample in a script is its
    // anonymous top-level function; counted inclusive of everything it called
    const evalByChunk = new Map<string, number>();
    // per 500 ms since the profile started (about the navigation): busy ms and the 3 largest packages
    const slices = new Map<number, Map<string, number>>();
    // the native DOM calls (appendChild...) by the first script frame above them
    const nativeCallers = new Map<string, number>();
    let busy = 0;
    let at0 = 0;
    profile.samples.forEach((id, i) => {
      const dt = (profile.timeDeltas[i] ?? 0) / 1000;
      at0 += dt;
      const node = byId.get(id);
      if (!node) return;
      const name = node.callFrame.functionName;
      if (name === '(idle)' || name === '(program)') return;
      busy += dt;
      const slice = slices.get(Math.floor(at0 / 500)) ?? new Map<string, number>();
      add(slice, origin(node.callFrame), dt);
      slices.set(Math.floor(at0 / 500), slice);
      if (node.callFrame.url === '' && /^[a-zA-Z]/.test(name))
        for (let at = parent.get(id); at !== undefined; at = parent.get(at)) {
          const n = byId.get(at);
          if (n && n.callFrame.url !== '') {
            add(
              nativeCallers,
              `${name} <- ${n.callFrame.functionName || '(top)'} ${origin(n.callFrame)}`,
              dt,
            );
            break;
          }
        }
      add(byChunk, node.callFrame.url.split('/').pop() || `(${name})`, dt);
      add(byOrigin, origin(node.callFrame), dt);
      let outer: ProfileNode | undefined;
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const n = byId.get(at);
        if (n && n.callFrame.url !== '') outer = n;
      }
      if (outer && outer.callFrame.functionName === '' && outer.callFrame.lineNumber === 0)
        add(evalByChunk, outer.callFrame.url.split('/').pop() ?? '?', dt);
    });
    console.log(`busy (sampled, not idle/program) ${busy.toFixed(0)} ms; self time by chunk:`);
    console.log(top(byChunk, 14));
    console.log('self time by source package:');
    console.log(top(byOrigin, 18));
    console.log('inclusive time under a chunk top-level evaluation:');
    console.log(top(evalByChunk, 10));
    console.log('native calls by their script caller:');
    console.log(top(nativeCallers, 8));
    console.log('per 500 ms from profile start: busy, 3 largest packages');
    for (const [k, m] of [...slices.entries()].sort((a, b) => a[0] - b[0]))
      console.log(
        `  ${String(k * 500).padStart(6)} ${[...m.values()]
          .reduce((a, b) => a + b, 0)
          .toFixed(0)
          .padStart(4)}  ${[...m.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([p, v]) => `${p} ${v.toFixed(0)}`)
          .join(', ')}`,
      );
  }
} finally {
  await browser.close();
  await fleet.stop();
  rmSync(dir, { recursive: true, force: true });
}
