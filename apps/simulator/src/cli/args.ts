import { parseArgs } from 'node:util';
import { z } from 'zod';
import { type SimulatorOptions, SimulatorOptionsSchema } from '../options';

const flags = {
  count: { type: 'string' },
  'first-ip': { type: 'string' },
  port: { type: 'string' },
  'fallback-port': { type: 'string' },
  gateway: { type: 'string' },
  'log-port': { type: 'string' },
  'log-address': { type: 'string' },
  'log-transport': { type: 'string' },
  'multicast-if': { type: 'string' },
  'discovery-port': { type: 'string' },
  'data-dir': { type: 'string' },
  'log-rate': { type: 'string' },
  'slow-ms': { type: 'string' },
  'drop-rate': { type: 'string' },
  flaky: { type: 'boolean' },
  kinds: { type: 'string' },
  'reboot-ms': { type: 'string' },
  'import-reboot-ms': { type: 'string' },
  'no-ota': { type: 'boolean' },
  board: { type: 'string' },
  'no-version': { type: 'boolean' },
  'ota-version': { type: 'string' },
  'stay-down': { type: 'boolean' },
  'ota-refuse': { type: 'boolean' },
  'ota-crash-loop': { type: 'string' },
  'no-semicolon-bug': { type: 'boolean' },
  seed: { type: 'string' },
  help: { type: 'boolean' },
} as const;

const num = (v: string | undefined) => (v === undefined ? undefined : z.coerce.number().parse(v));

export const USAGE = `usage: simulator [--count N] [--first-ip 127.0.0.2] [--port 80] [--fallback-port 18080]
  [--gateway host:port] [--log-port 7779] [--log-address host:port] [--log-transport tcp|multicast] [--multicast-if 127.0.0.1]
  [--discovery-port 7778] [--data-dir DIR] [--log-rate N] [--slow-ms MS] [--drop-rate 0..1] [--flaky]
  [--kinds lamp,weather,button,socket] [--reboot-ms 1500] [--import-reboot-ms 5000] [--no-ota] [--seed N]
  [--board esp32|esp8266] [--no-version] [--ota-version V|none] [--stay-down] [--no-semicolon-bug]
  [--ota-refuse] [--ota-crash-loop MS]
       simulator make-image --version 1.2.3 [--size 1048576] [--project st-device] --out fw.bin`;

/** CLI flags (and ST_MULTICAST_IF) to validated simulator options; every problem is reported at once. */
export function parseCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
): { ok: true; options: SimulatorOptions; help: boolean } | { ok: false; errors: string[] } {
  let values: ReturnType<typeof parseArgs<{ options: typeof flags; args: string[] }>>['values'];
  try {
    values = parseArgs({ args: argv, options: flags, strict: true }).values;
  } catch (e) {
    return { ok: false, errors: [e instanceof Error ? e.message : String(e)] };
  }
  let raw: Record<string, unknown>;
  try {
    raw = {
      count: num(values.count),
      firstIp: values['first-ip'],
      port: num(values.port),
      fallbackPort: num(values['fallback-port']),
      gateway: values.gateway,
      logPort: num(values['log-port']),
      logAddress: values['log-address'],
      logTransport: values['log-transport'],
      multicastIf: values['multicast-if'] ?? env.ST_MULTICAST_IF,
      discoveryPort: num(values['discovery-port']),
      dataDir: values['data-dir'],
      logRate: num(values['log-rate']),
      slowMs: num(values['slow-ms']),
      dropRate: num(values['drop-rate']),
      flaky: values.flaky,
      kinds: values.kinds?.split(',').map((k) => k.trim()),
      rebootMs: num(values['reboot-ms']),
      importRebootDelayMs: num(values['import-reboot-ms']),
      ota: values['no-ota'] ? false : undefined,
      board: values.board,
      noVersion: values['no-version'],
      otaVersion: values['ota-version'] === 'none' ? null : values['ota-version'],
      stayDown: values['stay-down'],
      otaRefuse: values['ota-refuse'],
      otaCrashLoopMs: num(values['ota-crash-loop']),
      semicolonBug: values['no-semicolon-bug'] ? false : undefined,
      seed: num(values.seed),
    };
  } catch {
    return { ok: false, errors: ['numeric flags need numbers'] };
  }
  const defined = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
  const parsed = SimulatorOptionsSchema.safeParse(defined);
  if (!parsed.success) {
    return { ok: false, errors: parsed.error.issues.map((i) => `${String(i.path[0] ?? '')}: ${i.message}`) };
  }
  return { ok: true, options: defined, help: values.help === true };
}
