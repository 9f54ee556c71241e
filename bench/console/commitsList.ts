/**
 * The React commits of the navigation to the device list (issue 21): a gateway with 300 simulated devices,
 * the console's /panel at 4x CPU, and a stand-in for React's DevTools hook that notes each commit's time,
 * whether a device row was in the page, and the components whose render ran in it (names are readable
 * with an unminified build: `npx vite build --minify false --outDir <dir>` in apps/web). Shows which
 * commit first carries the list and what renders before it.
 *
 *   node --import tsx bench/console/commitsList.ts [dist] [navigations]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../lib/chromium';
import { startListFleet } from './listFleet';

const root = new URL('../..', import.meta.url).pathname;
const [distArg, runsArg] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'st-bench-list-commits-'));
const fleet = await startListFleet(dir, distArg ?? join(root, 'apps', 'web', 'dist'));
const browser = await launchChromium();
// (a string: tsx's helpers would not exist in the page) React calls the hook's onCommitFiberRoot after
// every commit; flag 1 (PerformedWork) marks fibers whose render ran (a bailed-out subtree keeps its old
// flags, so the names are an upper bound)
const HOOK = `
  window.__stCommits = [];
  const rendered = (fiber, out) => {
    for (let f = fiber; f; f = f.sibling) {
      if ((f.flags & 1) && typeof f.type === 'function') out.push(f.type.displayName || f.type.name || '?');
      if (f.child) rendered(f.child, out);
    }
    return out;
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false, supportsFiber: true, renderers: new Map(),
    inject() { return 1; }, checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot(_, root) {
      const names = rendered(root.current, []);
      window.__stCommits.push({
        at: Math.round(performance.now()),
        fibers: names.length,
        list: document.querySelector('[aria-label^="Open device "]') !== null,
        names: [...new Set(names.filter((n) => !n.startsWith('@mantine')))].join(','),
      });
    },
  };
`;
try {
  for (let run = 0; run < Number(runsArg ?? 1); run++) {
    const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(HOOK);
    await page.goto(`${fleet.gatewayUrl}/panel`);
    await page
      .getByRole('button', { name: /^Open device / })
      .first()
      .waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    const commits = (await page.evaluate('window.__stCommits')) as {
      at: number;
      fibers: number;
      list: boolean;
      names: string;
    }[];
    console.log(`run ${run + 1}: ms since navigation, fibers rendered, list in the page, components`);
    for (const c of commits)
      console.log(
        `${String(c.at).padStart(6)} ${String(c.fibers).padStart(4)} ${c.list ? 'L' : ' '} ${c.names}`,
      );
    await context.close();
  }
} finally {
  await browser.close();
  await fleet.stop();
  rmSync(dir, { recursive: true, force: true });
}
