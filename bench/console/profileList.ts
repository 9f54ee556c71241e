/**
 * Where the time to the device list goes (issue 21): a gateway with 300 simulated devices, the console's
 * /panel opened at 4x CPU with a CPU profile (CDP) and the requests it makes; prints when each request
 * started and ended (from navigation), when the list showed, and the functions with the most time.
 * Build the console unminified for readable names (`npx vite build --minify false --outDir <dir>` in
 * apps/web, then ST_WEB_DIST=<dir>).
 *
 *   node --import tsx bench/console/profileList.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../lib/chromium';
import { startListFleet } from './listFleet';

const root = new URL('../..', import.meta.url).pathname;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'st-bench-list-profile-'));
  const fleet = await startListFleet(dir, process.env.ST_WEB_DIST ?? join(root, 'apps', 'web', 'dist'));
  const { gatewayUrl } = fleet;
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const requests: string[] = [];
    let t0 = 0;
    const since = () => Math.round(Date.now() - t0);
    page.on('request', (r) =>
      requests.push(`${String(since()).padStart(6)} start ${r.url().replace(gatewayUrl, '')}`),
    );
    page.on('requestfinished', (r) =>
      requests.push(`${String(since()).padStart(6)} end   ${r.url().replace(gatewayUrl, '')}`),
    );
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    t0 = Date.now();
    await page.goto(`${gatewayUrl}/panel`);
    await page
      .getByRole('button', { name: /^Open device / })
      .first()
      .waitFor({ timeout: 60_000 });
    const listMs = since();
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    for (const line of requests) console.log(line);
    console.log(`list visible after ${listMs} ms`);
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    const name = (f: ProfileNode['callFrame']) =>
      `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    profile.samples.forEach((id, i) => {
      const dt = (profile.timeDeltas[i] ?? 0) / 1000;
      const top = byId.get(id);
      if (top) self.set(name(top.callFrame), (self.get(name(top.callFrame)) ?? 0) + dt);
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const n = byId.get(at);
        if (!n) break;
        const k = name(n.callFrame);
        if (seen.has(k)) continue;
        seen.add(k);
        inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
      }
    });
    console.log('self:');
    for (const [k, ms] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
    console.log('inclusive:');
    for (const [k, ms] of [...inclusive.entries()].sort((a, b) => b[1] - a[1]).slice(0, 60))
      console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
    // ST_PROFILE_MATCH=<regexp>: also the inclusive time of every function whose name matches (e.g. the
    // header's Menu|Popover|Tooltip), however far down the list
    const match = process.env.ST_PROFILE_MATCH;
    if (match !== undefined) {
      const re = new RegExp(match);
      console.log(`inclusive, matching ${match}:`);
      for (const [k, ms] of [...inclusive.entries()].filter(([k]) => re.test(k)).sort((a, b) => b[1] - a[1]))
        console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
    }
    // ST_PROFILE_TIMELINE=<ms>: per slice of that many ms since the profile started (about the navigation),
    // the sampled time by the outermost and the innermost named function of each sample (what ran when)
    const slice = Number(process.env.ST_PROFILE_TIMELINE ?? 0);
    if (slice > 0) {
      const slices = new Map<number, Map<string, number>>();
      let at = 0;
      profile.samples.forEach((id, i) => {
        const dt = (profile.timeDeltas[i] ?? 0) / 1000;
        at += dt;
        const chain: string[] = [];
        for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
          const node = byId.get(n);
          if (node && node.callFrame.functionName !== '(root)') chain.push(name(node.callFrame));
        }
        const top = chain[0] ?? '?';
        if (top.startsWith('(idle)')) return;
        const label = chain.length > 1 ? `${chain[chain.length - 1]} > ${top}` : top;
        const key = Math.floor(at / slice) * slice;
        const bucket = slices.get(key) ?? new Map<string, number>();
        bucket.set(label, (bucket.get(label) ?? 0) + dt);
        slices.set(key, bucket);
      });
      console.log(`timeline per ${slice} ms (busy ms: outermost > innermost function, 3 largest):`);
      for (const [key, bucket] of [...slices.entries()].sort((a, b) => a[0] - b[0])) {
        const busy = [...bucket.values()].reduce((a, b) => a + b, 0);
        const top3 = [...bucket.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
        console.log(
          `${String(key).padStart(6)} ${busy.toFixed(0).padStart(4)}  ${top3.map(([k, ms]) => `${ms.toFixed(0)} ${k}`).join(' | ')}`,
        );
      }
    }
    // ST_PROFILE_CALLERS=<regexp>: for the functions whose name matches, the self time of the samples in them
    // by their chain of 4 callers (who makes the native calls, e.g. appendChild|getBoundingClientRect)
    const callers = process.env.ST_PROFILE_CALLERS;
    if (callers !== undefined) {
      const re = new RegExp(callers);
      const chains = new Map<string, number>();
      profile.samples.forEach((id, i) => {
        const dt = (profile.timeDeltas[i] ?? 0) / 1000;
        const top = byId.get(id);
        if (!top || !re.test(name(top.callFrame))) return;
        const chain: string[] = [];
        for (let at = parent.get(id); at !== undefined && chain.length < 4; at = parent.get(at)) {
          const n = byId.get(at);
          if (n) chain.push(name(n.callFrame));
        }
        const k = `${name(top.callFrame)} <- ${chain.join(' <- ')}`;
        chains.set(k, (chains.get(k) ?? 0) + dt);
      });
      console.log(`self time of ${callers} by callers:`);
      for (const [k, ms] of [...chains.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
        console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
    }
  } finally {
    await browser.close();
    await fleet.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
