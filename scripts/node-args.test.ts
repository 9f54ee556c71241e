// The options our servers' node runs with (node-args.mjs): what they are, that docs/deploy.md's systemd unit
// gives the same, that the cloud sees them, and that V8 on this node version does what they are there for.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasOldSpaceFloor } from '../apps/cloud/src/heapGrowth';
import { LARGE_CLOUD_NODE_LINKS, serverNodeArgs } from './node-args.mjs';

const churn = fileURLToPath(new URL('./node-args.churn.mjs', import.meta.url));
/** Full GCs a node started with these options runs for the same old-generation garbage (node-args.churn.mjs). */
function fullGcs(nodeArgs: string[]): number {
  const r = spawnSync(process.execPath, [...nodeArgs, '--max-semi-space-size=1', churn], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`node-args.churn.mjs failed: ${r.stderr}`);
  return Number(r.stdout.trim());
}

describe("the servers' node options", () => {
  it('give the cloud a 128 MiB floor under the old generation, which the cloud sees', () => {
    expect(serverNodeArgs('cloud')).toEqual(['--initial-old-space-size=128']);
    expect(hasOldSpaceFloor(['--enable-source-maps', ...serverNodeArgs('cloud')])).toBe(true);
    expect(serverNodeArgs('gateway')).toEqual([]);
    expect(serverNodeArgs('simulator')).toEqual([]);
  });

  it("are those of docs/deploy.md's systemd unit for the cloud, and of its large-node advice", () => {
    const doc = readFileSync(new URL('../docs/deploy.md', import.meta.url), 'utf8');
    const exec = /^ExecStart=\/usr\/bin\/node (.*) apps\/cloud\/dist\/main\.js$/m.exec(doc);
    expect(exec?.[1]?.split(' ')).toEqual(serverNodeArgs('cloud'));
    // A node planned for LARGE_CLOUD_NODE_LINKS links or more gets the option the docs advise for it.
    const large = serverNodeArgs('cloud', { links: LARGE_CLOUD_NODE_LINKS });
    expect(large).toEqual(['--initial-old-space-size=512']);
    expect(serverNodeArgs('cloud', { links: LARGE_CLOUD_NODE_LINKS - 1 })).toEqual(serverNodeArgs('cloud'));
    expect(doc).toContain(`**A node meant for ${LARGE_CLOUD_NODE_LINKS.toLocaleString('en')} links or more`);
    expect(doc).toContain(`(\`${large[0]}\` in \`ExecStart\`)`);
  });

  it('make V8 run far fewer full GCs for the same old-generation garbage', () => {
    const own = fullGcs([]);
    const floored = fullGcs(serverNodeArgs('cloud'));
    // ~900 MB of garbage: V8's own limits over a ~6 MB live set give a full GC every ~40 MB (20-25 of them);
    // above a 128 MiB floor about one per 128 MB (7).
    expect(floored).toBeGreaterThan(0);
    expect(floored * 2).toBeLessThan(own);
  });
});
