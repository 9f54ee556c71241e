import { z } from 'zod';

/**
 * Config comes from environment variables and command-line flags, parsed once at start by a zod schema.
 * Each config key names its environment variable; its flag is the variable without the `ST_` prefix,
 * lower-cased and dashed (`ST_LOG_PORT` -> `--log-port`). A flag wins over the environment.
 */
export type ConfigSources = Readonly<Record<string, string>>;

export interface ReadConfigOptions {
  /** config key -> environment variable name, e.g. `{ port: 'ST_PORT' }` */
  readonly keys: ConfigSources;
  readonly env?: NodeJS.ProcessEnv;
  readonly argv?: readonly string[];
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function flagName(envName: string): string {
  return envName.replace(/^ST_/, '').toLowerCase().replace(/_/g, '-');
}

/** Collects the raw string values (flags over env) and every problem with the flags themselves. */
function readRaw(opts: ReadConfigOptions): { raw: Record<string, string>; problems: string[] } {
  const env = opts.env ?? process.env;
  const argv = opts.argv ?? [];
  const raw: Record<string, string> = {};
  const problems: string[] = [];
  const byFlag = new Map<string, string>();
  for (const [key, envName] of Object.entries(opts.keys)) {
    byFlag.set(flagName(envName), key);
    const v = env[envName];
    if (v !== undefined && v !== '') raw[key] = v;
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) {
      problems.push(`unexpected argument "${arg}"`);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    const key = byFlag.get(name);
    if (key === undefined) {
      problems.push(`unknown flag --${name}`);
      if (eq < 0 && argv[i + 1] !== undefined && !argv[i + 1]?.startsWith('--')) i++;
      continue;
    }
    if (eq > 0) raw[key] = arg.slice(eq + 1);
    else if (argv[i + 1] !== undefined && !argv[i + 1]?.startsWith('--')) raw[key] = argv[++i] ?? '';
    else raw[key] = 'true';
  }
  return { raw, problems };
}

/** Parses config or throws a ConfigError listing every problem at once. */
export function parseConfig<S extends z.ZodType>(schema: S, opts: ReadConfigOptions): z.output<S> {
  const { raw, problems } = readRaw(opts);
  const result = schema.safeParse(raw);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '');
      const envName = opts.keys[key];
      const where = envName ? `${envName} (--${flagName(envName)})` : key || 'config';
      problems.push(`${where}: ${issue.message}`);
    }
  }
  if (problems.length > 0 || !result.success) throw new ConfigError(problems);
  return result.data;
}

/** For entries (main.ts): parse, or print every problem to stderr and exit with status 1. */
export function loadConfigOrExit<S extends z.ZodType>(schema: S, opts: ReadConfigOptions): z.output<S> {
  try {
    return parseConfig(schema, opts);
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
}

/** Field helpers for config schemas (values arrive as strings). */
export const configFields = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  positiveInt: (fallback: number) => z.coerce.number().int().positive().default(fallback),
  flag: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
      .transform((v) => v === 'true' || v === '1' || v === 'yes')
      .default(fallback),
  ipv4: () => z.ipv4({ message: 'expected an IPv4 address' }),
  /** `on`/`off` (also true/false, 1/0, yes/no) */
  onOff: (fallback: boolean) =>
    z
      .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'], { message: 'expected on or off' })
      .transform((v) => v === 'on' || v === 'true' || v === '1' || v === 'yes')
      .default(fallback),
};
