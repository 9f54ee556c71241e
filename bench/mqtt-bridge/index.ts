/**
 * The Home Assistant bridge (issue 19): how long from a device being found to its discovery configs on the
 * broker, and what the bridge costs with 500 devices. A real mosquitto (private, free port), the gateway in this
 * process (so found events are timed on the same clock), the devices in simulator processes, and an MQTT client
 * as Home Assistant. Figures:
 *  - foundToConfigs: per device, from the gateway's `device.found` to its last discovery config (the restart
 *    button) arriving at the HA client; the first devices of a burst, and all 500 found at once.
 *  - renameToConfig: from the found event of a renamed device (its next beacon) to its updated config at the
 *    HA client: the bridge's own part, with no device call in between.
 *  - steady: the gateway's CPU (this process, the HA client closed) over a window with the bridge on and with it
 *    off, sampling every device every 5 s, and the bridge's messages per second.
 *
 *   npx tsx bench/mqtt-bridge/index.ts [--devices 500] [--seconds 15]   (needs npm run build for the simulator)
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { parseMetrics, startMosquitto, waitFor } from '@st/testkit';
import mqtt from 'mqtt';
import { numberOption, runIfMain } from '../lib/cli';
import { percentile, round } from '../lib/figures';
import { startBenchGateway } from '../lib/gateway';
import { type AppProcess, startApp } from '../lib/process';

/** The bridge's HA node of a device address (as apps/gateway/src/services/mqtt/discoveryConfigs.ts names it). */
const nodeOf = (ip: string) => `st_${ip.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '')}`;
const RESTART = /^homeassistant\/button\/(st_[^/]+)\/restart\/config$/;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function cpuPercent(from: NodeJS.CpuUsage, ms: number): number {
  const used = process.cpuUsage(from);
  return round(((used.user + used.system) / 1000 / ms) * 100, 1);
}

export async function run(options: { devices?: number; seconds?: number } = {}) {
  const { devices = 500, seconds = 15 } = options;
  const sampleSeconds = 5;
  const broker = await startMosquitto();
  const bench = await startBenchGateway('st-bench-mqtt-', {
    sampleInterval: sampleSeconds,
    lostAfterMs: 120_000,
    trustBeaconAddress: true,
  });
  const { gateway, base, port, logPort, discoveryPort } = bench;
  const found = new Map<string, number>();
  gateway.bus.on('device.found', (d) => {
    if (!found.has(nodeOf(d.ip))) found.set(nodeOf(d.ip), performance.now());
  });
  const renamedFound = new Map<string, number>();
  gateway.bus.on('device.found', (d) => {
    if (d.name.startsWith('renamed-')) renamedFound.set(d.name, performance.now());
  });
  const configured = new Map<string, number>();
  const renamedConfig = new Map<string, number>();
  const ha = await mqtt.connectAsync(broker.url);
  ha.on('message', (topic, payload) => {
    const node = RESTART.exec(topic)?.[1];
    if (!node || payload.length === 0) return;
    if (!configured.has(node)) configured.set(node, performance.now());
    const name = /"name":"(renamed-[^"]+)"/.exec(payload.toString())?.[1];
    if (name && !renamedConfig.has(name)) renamedConfig.set(name, performance.now());
  });
  await ha.subscribeAsync('homeassistant/#');
  const put = (body: object) =>
    fetch(`${base}/api/integrations/mqtt`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const published = async () =>
    parseMetrics(await (await fetch(`${base}/metrics`)).text()).value('smartthing_mqtt_messages_total', {
      kind: 'published',
    });
  await put({ enabled: true, url: broker.url });
  await waitFor(async () => (await published()) > 0, { what: 'the bridge connected' });

  const sims: AppProcess[] = [];
  const simulate = (count: number, firstIp: string) =>
    sims.push(
      startApp('simulator', {}, [
        ...['--count', String(count), '--first-ip', firstIp, '--gateway', `127.0.0.1:${port}`],
        ...['--log-port', String(logPort), '--log-rate', '0', '--discovery-port', String(discoveryPort)],
        ...['--multicast-if', '127.0.0.1', '--no-ota'],
      ]),
    );
  try {
    const publishedBefore = await published();
    const burstStart = performance.now();
    for (let i = 0; i < devices; i += 250) simulate(Math.min(250, devices - i), `127.78.${1 + i / 250}.1`);
    await waitFor(() => configured.size >= devices, {
      timeoutMs: 180_000,
      intervalMs: 100,
      what: `${devices} devices' configs on the broker`,
    });
    const burstMs = performance.now() - burstStart;
    const burstMessages = (await published()) - publishedBefore;
    const latencies = [...configured]
      .map(([node, at]) => ({ at, since: found.get(node) }))
      .filter((x): x is { at: number; since: number } => x.since !== undefined)
      .map((x) => ({ found: x.since, ms: x.at - x.since }))
      .sort((a, b) => a.found - b.found);
    const first = latencies
      .slice(0, 10)
      .map((x) => x.ms)
      .sort((a, b) => a - b);
    const all = latencies.map((x) => x.ms).sort((a, b) => a - b);

    // renames: the device's next beacon carries the new name; the bridge republishes at once
    const ips = gateway.discovery
      .list()
      .slice(0, 10)
      .map((d) => d.ip);
    for (const [i, ip] of ips.entries()) {
      await fetch(`${base}/api/device/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ command: 'saveName', device: ip, params: { name: `renamed-${i}` } }),
      });
    }
    await waitFor(() => renamedConfig.size >= ips.length, { timeoutMs: 30_000, what: 'renamed configs' });
    const renames = [...renamedConfig]
      .map(([name, at]) => at - (renamedFound.get(name) ?? Number.NaN))
      .sort((a, b) => a - b);
    await ha.endAsync(true);

    // steady state: let a sampling round pass, then measure with the bridge on, then off
    await sleep(sampleSeconds * 1000);
    const windowMs = seconds * 1000;
    let cpu = process.cpuUsage();
    let before = await published();
    await sleep(windowMs);
    const onCpu = cpuPercent(cpu, windowMs);
    const messagesPerSecond = round(((await published()) - before) / seconds, 1);
    await put({ enabled: false, url: broker.url });
    await sleep(1000);
    cpu = process.cpuUsage();
    before = await published();
    await sleep(windowMs);
    const offCpu = cpuPercent(cpu, windowMs);
    return {
      devices,
      foundToConfigs: {
        first10P50Ms: round(percentile(first, 50)),
        first10MaxMs: round(first[first.length - 1] ?? Number.NaN),
        burstP50Ms: round(percentile(all, 50)),
        burstP99Ms: round(percentile(all, 99)),
        burstMaxMs: round(all[all.length - 1] ?? Number.NaN),
        burstAllConfiguredMs: Math.round(burstMs),
        burstMessages,
        messagesPerDevice: round(burstMessages / devices, 1),
      },
      renameToConfig: {
        p50Ms: round(percentile(renames, 50)),
        maxMs: round(renames[renames.length - 1] ?? Number.NaN),
      },
      steady: {
        sampleIntervalSeconds: sampleSeconds,
        bridgeMessagesPerSecond: messagesPerSecond,
        gatewayCpuPercentBridgeOn: onCpu,
        gatewayCpuPercentBridgeOff: offCpu,
        bridgeCpuPercent: round(onCpu - offCpu, 1),
      },
    };
  } finally {
    for (const s of sims) await s.stop();
    await bench.stop();
    await broker.stop();
  }
}

runIfMain(import.meta.url, async () => {
  const { values } = parseArgs({ options: { devices: { type: 'string' }, seconds: { type: 'string' } } });
  console.log(
    JSON.stringify(
      await run({ devices: numberOption(values.devices), seconds: numberOption(values.seconds) }),
      null,
      2,
    ),
  );
});
