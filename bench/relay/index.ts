/**
 * Device command round trips through each hop: (a) straight to a simulated device, (b) through the gateway,
 * (c) through one cloud (no Redis) and the gateway, (d) through two cloud nodes over Redis (request on node
 * A, gateway linked to node B). Everything runs in this one process, so figures include the event loop
 * being shared by every part. Prints commands per second (sequential and with 16
 * in flight), p50/p99 latency, and the overhead each hop adds.
 * Roles and audit (issue 20): the same read by a viewer the gateway is shared with (membership lookup and
 * role check), and a write (callAction) straight to the gateway and through the cloud by an operator (role
 * check and an audit row, written off the request path).
 *
 *   npx tsx bench/relay/index.ts [--requests 400]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { runIfMain } from '../lib/cli';
import { percentile, round } from '../lib/figures';
import { measureRoles } from './roles';
import { type CloudTarget, startRelaySystem } from './setup';

export interface PathFigures {
  sequentialPerSecond: number;
  concurrentPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

type Call = () => Promise<void>;

async function measure(call: Call, requests: number, inFlight: number): Promise<PathFigures> {
  for (let i = 0; i < 30; i++) await call();
  const latencies: number[] = [];
  let t0 = performance.now();
  for (let i = 0; i < requests; i++) {
    const s = performance.now();
    await call();
    latencies.push(performance.now() - s);
  }
  const sequentialPerSecond = requests / ((performance.now() - t0) / 1000);
  let next = 0;
  t0 = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next++ < requests) await call();
    }),
  );
  const concurrentPerSecond = requests / ((performance.now() - t0) / 1000);
  latencies.sort((a, b) => a - b);
  return {
    sequentialPerSecond: Math.round(sequentialPerSecond),
    concurrentPerSecond: Math.round(concurrentPerSecond),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
  };
}

function ok(res: Response): Promise<void> {
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  return res.arrayBuffer().then(() => undefined);
}

export async function run(opts: { requests?: number } = {}) {
  const requests = opts.requests ?? 400;
  const sys = await startRelaySystem();
  try {
    const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const relay = (t: CloudTarget, cookie = t.cookie, command = 'getInfo', params = {}): Call => {
      const body = { gatewayId: t.gatewayId, device: sys.device, command, params };
      return () => post(`${t.url}/api/gateway/requests/device`, body, { cookie }).then(ok);
    };
    const write = { name: 'led_on' };
    const figures: Record<string, PathFigures> = {};
    figures.device = await measure(() => fetch(`${sys.deviceUrl}/info/system`).then(ok), requests, 16);
    const viaGateway = () =>
      post(`${sys.gatewayUrl}/api/device/request`, { device: sys.device, command: 'getInfo' }).then(ok);
    figures.gateway = await measure(viaGateway, requests, 16);
    const single = await sys.linkSingle();
    figures.cloud = await measure(relay(single), requests, 16);
    figures.cloudViewerRead = await measure(relay(single, single.viewerCookie), requests, 16);
    const gatewayWrite = () =>
      post(`${sys.gatewayUrl}/api/device/request`, {
        device: sys.device,
        command: 'callAction',
        params: write,
      }).then(ok);
    figures.gatewayWrite = await measure(gatewayWrite, requests, 16);
    figures.cloudOperatorWrite = await measure(
      relay(single, single.operatorCookie, 'callAction', write),
      requests,
      16,
    );
    figures.cloudTwoNodes = await measure(relay(await sys.linkTwoNodes()), requests, 16);
    const hop = (from: string, to: string) => {
      const a = figures[from];
      const b = figures[to];
      return a && b ? round(b.p50Ms - a.p50Ms) : Number.NaN;
    };
    const overheadP50Ms = {
      gatewayHop: hop('device', 'gateway'),
      cloudHop: hop('gateway', 'cloud'),
      redisHop: hop('cloud', 'cloudTwoNodes'),
      /** a shared viewer's read against the creator's read: the membership join */
      sharedReadVsOwner: hop('cloud', 'cloudViewerRead'),
      /** the cloud hop of an audited write (role check + audit row) */
      cloudHopAuditedWrite: hop('gatewayWrite', 'cloudOperatorWrite'),
    };
    return { requests, inFlight: 16, ...figures, overheadP50Ms, rolesAndAudit: await measureRoles() };
  } finally {
    await sys.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { requests: { type: 'string' } } });
  const figures = await run(values.requests ? { requests: Number(values.requests) } : {});
  const paths = ['device', 'gateway', 'cloud', 'cloudViewerRead', 'gatewayWrite', 'cloudOperatorWrite'];
  const rows = [...paths, 'cloudTwoNodes'].map((name) => {
    const f = Reflect.get(figures, name);
    return { path: name, ...f };
  });
  console.table(rows);
  console.log('p50 overhead per hop (ms):', figures.overheadP50Ms);
  console.log('roles and audit, per call (us):', figures.rolesAndAudit);
  process.exit(0);
}

runIfMain(import.meta.url, main);
