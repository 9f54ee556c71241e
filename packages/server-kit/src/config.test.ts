import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, configFields, flagName, parseConfig } from './config';

const keys = { port: 'ST_PORT', dataDir: 'ST_DATA_DIR', trust: 'ST_TRUST_BEACON_ADDRESS' };
const schema = z.object({
  port: configFields.port(8080),
  dataDir: z.string().default('./.data/x'),
  trust: configFields.flag(false),
});

describe('parseConfig', () => {
  it('uses defaults when nothing is set', () => {
    expect(parseConfig(schema, { keys, env: {}, argv: [] })).toEqual({
      port: 8080,
      dataDir: './.data/x',
      trust: false,
    });
  });

  it('reads env and lets flags win, in both --flag value and --flag=value forms', () => {
    const cfg = parseConfig(schema, {
      keys,
      env: { ST_PORT: '9000', ST_DATA_DIR: '/env' },
      argv: ['--port=9100', '--data-dir', '/flag', '--trust-beacon-address'],
    });
    expect(cfg).toEqual({ port: 9100, dataDir: '/flag', trust: true });
  });

  it('lists every problem at once, naming the variable and the flag', () => {
    let err: unknown;
    try {
      parseConfig(schema, {
        keys,
        env: { ST_PORT: 'abc', ST_TRUST_BEACON_ADDRESS: 'maybe' },
        argv: ['--nope'],
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = err instanceof ConfigError ? err.problems : [];
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toContain('unknown flag --nope');
    expect(problems.join('\n')).toContain('ST_PORT (--port)');
    expect(problems.join('\n')).toContain('ST_TRUST_BEACON_ADDRESS (--trust-beacon-address)');
  });

  it('derives flag names from variable names', () => {
    expect(flagName('ST_LOG_RETENTION')).toBe('log-retention');
  });
});
